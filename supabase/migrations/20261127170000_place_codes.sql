-- Places stored as codes (docs/decisions.md#D-place-codes): a listing's location is a known place's code ("CH-GE" for
-- a canton, "CH-GE-geneve" for a town) or text kept as its seller typed it. A coded location is searched and filtered
-- by the place's names in German, French, Italian and English (so "Genf", "Ginevra" and "Geneva" find CH-GE-geneve,
-- "Graubünden" and "Grisons" find CH-GR), never by the code itself. The rows below hold, per place, those words and
-- the names that typed alone mean it; src/domain/places.ts holds the same (its test compares them with this file), so
-- the device's offline search and filter answer as the server does.

alter table private.search_vocabulary drop constraint search_vocabulary_kind;
alter table private.search_vocabulary add constraint search_vocabulary_kind
  check (kind in ('category', 'product_type', 'city', 'place'));

insert into private.search_vocabulary (kind, code, words, names) values
  ('place', 'CH-ZH-zurich', 'zurich zuerich zurigo', array['zurich', 'zuerich', 'zurigo']),
  ('place', 'CH-ZH-winterthur', 'winterthur winterthour', array['winterthur', 'winterthour']),
  ('place', 'CH-BE-bern', 'bern berne berna', array['bern', 'berne', 'berna']),
  ('place', 'CH-BE-biel', 'biel bienne', array['biel', 'bienne', 'biel bienne']),
  ('place', 'CH-BE-thun', 'thun thoune', array['thun', 'thoune']),
  ('place', 'CH-LU-luzern', 'luzern lucerne lucerna', array['luzern', 'lucerne', 'lucerna']),
  ('place', 'CH-UR-altdorf', 'altdorf', array['altdorf']),
  ('place', 'CH-SZ-schwyz', 'schwyz schwytz svitto', array['schwyz', 'schwytz', 'svitto']),
  ('place', 'CH-OW-sarnen', 'sarnen', array['sarnen']),
  ('place', 'CH-NW-stans', 'stans', array['stans']),
  ('place', 'CH-GL-glarus', 'glarus glaris glarona', array['glarus', 'glaris', 'glarona']),
  ('place', 'CH-ZG-zug', 'zug zoug zugo', array['zug', 'zoug', 'zugo']),
  ('place', 'CH-FR-fribourg', 'freiburg fribourg friburgo', array['freiburg', 'fribourg', 'friburgo']),
  ('place', 'CH-SO-solothurn', 'solothurn soleure soletta', array['solothurn', 'soleure', 'soletta']),
  ('place', 'CH-BS-basel', 'basel bale basilea', array['basel', 'bale', 'basilea']),
  ('place', 'CH-BL-liestal', 'liestal', array['liestal']),
  ('place', 'CH-SH-schaffhausen', 'schaffhausen schaffhouse sciaffusa', array['schaffhausen', 'schaffhouse', 'sciaffusa']),
  ('place', 'CH-AR-herisau', 'herisau', array['herisau']),
  ('place', 'CH-AI-appenzell', 'appenzell', array['appenzell']),
  ('place', 'CH-SG-st-gallen', 'st gallen saint gall san gallo sankt', array['st gallen', 'saint gall', 'san gallo', 'sankt gallen']),
  ('place', 'CH-GR-chur', 'chur coire coira', array['chur', 'coire', 'coira']),
  ('place', 'CH-GR-davos', 'davos', array['davos']),
  ('place', 'CH-AG-aarau', 'aarau', array['aarau']),
  ('place', 'CH-AG-baden', 'baden', array['baden']),
  ('place', 'CH-TG-frauenfeld', 'frauenfeld', array['frauenfeld']),
  ('place', 'CH-TI-bellinzona', 'bellinzona bellinzone', array['bellinzona', 'bellinzone']),
  ('place', 'CH-TI-lugano', 'lugano', array['lugano']),
  ('place', 'CH-TI-locarno', 'locarno', array['locarno']),
  ('place', 'CH-VD-lausanne', 'lausanne losanna', array['lausanne', 'losanna']),
  ('place', 'CH-VD-montreux', 'montreux', array['montreux']),
  ('place', 'CH-VS-sion', 'sitten sion', array['sitten', 'sion']),
  ('place', 'CH-NE-neuchatel', 'neuenburg neuchatel', array['neuenburg', 'neuchatel']),
  ('place', 'CH-GE-geneve', 'genf geneve ginevra geneva', array['genf', 'geneve', 'ginevra', 'geneva']),
  ('place', 'CH-JU-delemont', 'delsberg delemont', array['delsberg', 'delemont']),
  ('place', 'CH-ZH', 'zurich zuerich zurigo', '{}'),
  ('place', 'CH-BE', 'bern berne berna', '{}'),
  ('place', 'CH-LU', 'luzern lucerne lucerna', '{}'),
  ('place', 'CH-UR', 'uri', array['uri']),
  ('place', 'CH-SZ', 'schwyz schwytz svitto', '{}'),
  ('place', 'CH-OW', 'obwalden obwald obvaldo', array['obwalden', 'obwald', 'obvaldo']),
  ('place', 'CH-NW', 'nidwalden nidwald nidvaldo', array['nidwalden', 'nidwald', 'nidvaldo']),
  ('place', 'CH-GL', 'glarus glaris glarona', '{}'),
  ('place', 'CH-ZG', 'zug zoug zugo', '{}'),
  ('place', 'CH-FR', 'freiburg fribourg friburgo', '{}'),
  ('place', 'CH-SO', 'solothurn soleure soletta', '{}'),
  ('place', 'CH-BS', 'basel stadt bale ville basilea citta', array['basel stadt', 'bale ville', 'basilea citta']),
  ('place', 'CH-BL', 'basel landschaft bale campagne basilea campagna', array['basel landschaft', 'bale campagne', 'basilea campagna']),
  ('place', 'CH-SH', 'schaffhausen schaffhouse sciaffusa', '{}'),
  ('place', 'CH-AR', 'appenzell ausserrhoden rhodes exterieures appenzello esterno', array['appenzell ausserrhoden', 'appenzell rhodes exterieures', 'appenzello esterno']),
  ('place', 'CH-AI', 'appenzell innerrhoden rhodes interieures appenzello interno', array['appenzell innerrhoden', 'appenzell rhodes interieures', 'appenzello interno']),
  ('place', 'CH-SG', 'st gallen saint gall san gallo', '{}'),
  ('place', 'CH-GR', 'graubunden graubuenden grisons grigioni', array['graubunden', 'graubuenden', 'grisons', 'grigioni']),
  ('place', 'CH-AG', 'aargau argovie argovia', array['aargau', 'argovie', 'argovia']),
  ('place', 'CH-TG', 'thurgau thurgovie turgovia', array['thurgau', 'thurgovie', 'turgovia']),
  ('place', 'CH-TI', 'tessin ticino', array['tessin', 'ticino']),
  ('place', 'CH-VD', 'waadt vaud', array['waadt', 'vaud']),
  ('place', 'CH-VS', 'wallis valais vallese', array['wallis', 'valais', 'vallese']),
  ('place', 'CH-NE', 'neuenburg neuchatel', '{}'),
  ('place', 'CH-GE', 'genf geneve ginevra geneva', '{}'),
  ('place', 'CH-JU', 'jura giura', array['jura', 'giura']);

-- A location as search and filter read it: a place's words when it is a known code, else the text as stored.
create function private.location_text(location text) returns text
language sql stable parallel safe set search_path = '' as $$
  select coalesce((select v.words from private.search_vocabulary v where v.kind = 'place' and v.code = $1), $1)
$$;

-- As in 20261127121000_search_vocabulary, reading the location through location_text.
create or replace function private.listing_search_text(l public.listings, first_name text, last_name text) returns text
language sql stable parallel safe set search_path = '' as $$
  with raw as (
    select concat_ws(' ', l.title, l.brand, array_to_string(l.tags, ' '), l.category,
                     case l.category when 'children' then 'kids' end, l.product_type, l.description,
                     private.location_text(l.location), first_name, last_name) as t
  ),
  vocabulary as (
    select string_agg(v.words, ' ' order by v.kind, v.code) as words
    from private.search_vocabulary v
    where (v.kind = 'category' and v.code = l.category)
       or (v.kind = 'product_type' and v.code = l.product_type)
       or (v.kind = 'city' and exists (
             select 1 from unnest(v.names) as n(name)
             where private.search_words(private.location_text(l.location)) like '% ' || n.name || ' %'))
  )
  select private.search_fold(t) ||
         case when t ~ '[äöüÄÖÜ]'
              then ' ' || private.search_fold(replace(replace(replace(replace(replace(replace(t,
                     'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'ae'), 'Ö', 'oe'), 'Ü', 'ue'))
              else '' end ||
         coalesce(' ' || (select words from vocabulary), '')
  from raw
$$;

-- As in 20261127090100_catalogue_search: the city filter matches a coded location by its names too.
create or replace function private.listing_search_row(l public.listings) returns private.listing_search
language sql stable set search_path = '' as $$
  select l.id,
         private.listing_search_text(l, p.first_name, p.last_name),
         private.search_words(private.location_text(l.location)),
         coalesce(nullif(string_to_array(btrim(private.search_words(l.size)), ' '), '{""}'), '{}')
  from (select 1) as one
  left join public.profiles p on p.id = l.user_id
$$;

revoke all on function private.location_text(text) from public;

-- Listings whose whole location names a known place now store its code ("Genève", "St. Gallen"; not "1204 Genève").
-- The edit rule's trigger is held back for this one statement: it is not a seller's edit, so edited_at stays as it was
-- (a device's later edit still wins) while updated_at moves, so devices pull the new value. The search rows follow
-- through their own trigger.
alter table public.listings disable trigger listings_10_before_write;
update public.listings l
   set location = v.code
  from private.search_vocabulary v
 where v.kind = 'place' and btrim(private.search_words(l.location)) = any (v.names);
alter table public.listings enable trigger listings_10_before_write;
