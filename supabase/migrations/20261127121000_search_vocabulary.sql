-- Search over the listing vocabulary in the four languages (docs/decisions.md#D-search-vocabulary): a listing's search
-- text also holds the names of its category and product type in German, French, Italian and English, and every name
-- of its city when its location names one (so "Jacke", "veste", "giacca" find a jacket, "Genf" finds "Genève").
-- The words are in search normal form; src/domain/search-vocabulary.ts holds the same rows for the device's offline
-- search (its test compares them with this file), so both answer the same.

create table private.search_vocabulary (
  kind text not null constraint search_vocabulary_kind check (kind in ('category', 'product_type', 'city')),
  code text not null,
  -- The words appended to the search text, space separated.
  words text not null,
  -- A city's names as whole-word sequences of the location (null for the other kinds).
  names text[],
  primary key (kind, code)
);

revoke all on private.search_vocabulary from public, anon, authenticated;

insert into private.search_vocabulary (kind, code, words, names) values
  ('category', 'women', 'women damen femmes donna', null),
  ('category', 'men', 'men herren hommes uomo', null),
  ('category', 'children', 'kids kinder enfants bambini', null),
  ('category', 'shoes', 'shoes schuhe chaussures scarpe', null),
  ('category', 'accessories', 'accessories accessoires accessori', null),
  ('product_type', 'dress', 'dress kleid robe abito', null),
  ('product_type', 'top', 'top', null),
  ('product_type', 'blouse', 'blouse bluse camicetta', null),
  ('product_type', 't-shirt', 'shirt', null),
  ('product_type', 'sweater', 'sweater pullover pull maglione', null),
  ('product_type', 'cardigan', 'cardigan strickjacke', null),
  ('product_type', 'jacket', 'jacket jacke veste giacca', null),
  ('product_type', 'coat', 'coat mantel manteau cappotto', null),
  ('product_type', 'jeans', 'jeans jean', null),
  ('product_type', 'trousers', 'trousers hose pantalon pantaloni', null),
  ('product_type', 'skirt', 'skirt jupe gonna', null),
  ('product_type', 'shorts', 'shorts short', null),
  ('product_type', 'jumpsuit', 'jumpsuit overall combinaison tuta intera', null),
  ('product_type', 'shirt', 'shirt hemd chemise camicia', null),
  ('product_type', 'polo', 'polo poloshirt', null),
  ('product_type', 'hoodie', 'hoodie sweat capuche felpa con cappuccio', null),
  ('product_type', 'suit', 'suit anzug costume completo', null),
  ('product_type', 'pyjamas', 'pyjamas pyjama pigiama', null),
  ('product_type', 'romper', 'romper strampler barboteuse tutina', null),
  ('product_type', 'sneakers', 'sneakers turnschuhe baskets', null),
  ('product_type', 'boots', 'boots stiefel bottes stivali', null),
  ('product_type', 'ankle boots', 'ankle boots stiefeletten bottines stivaletti', null),
  ('product_type', 'sandals', 'sandals sandalen sandales sandali', null),
  ('product_type', 'heels', 'heels high talons scarpe col tacco', null),
  ('product_type', 'flats', 'flats ballerinas ballerines ballerine', null),
  ('product_type', 'loafers', 'loafers loafer mocassins mocassini', null),
  ('product_type', 'bag', 'bag tasche sac borsa', null),
  ('product_type', 'belt', 'belt gurtel ceinture cintura guertel', null),
  ('product_type', 'scarf', 'scarf schal echarpe sciarpa', null),
  ('product_type', 'hat', 'hat hut chapeau cappello', null),
  ('product_type', 'gloves', 'gloves handschuhe gants guanti', null),
  ('product_type', 'jewellery', 'jewellery schmuck bijoux gioielli', null),
  ('product_type', 'sunglasses', 'sunglasses sonnenbrille lunettes soleil occhiali sole', null),
  ('product_type', 'wallet', 'wallet portemonnaie porte monnaie portafoglio', null),
  ('city', 'zurich', 'zurich zuerich zurigo', array['zurich', 'zuerich', 'zurigo']),
  ('city', 'basel', 'basel bale basilea', array['basel', 'bale', 'basilea']),
  ('city', 'bern', 'bern berne berna', array['bern', 'berne', 'berna']),
  ('city', 'geneva', 'geneva geneve genf ginevra', array['geneva', 'geneve', 'genf', 'ginevra']),
  ('city', 'lucerne', 'lucerne luzern lucerna', array['lucerne', 'luzern', 'lucerna']),
  ('city', 'st gallen', 'st gallen sankt gallen saint gall san gallo', array['st gallen', 'sankt gallen', 'saint gall', 'san gallo']);

-- As in 20261127090100_catalogue_search, with the vocabulary's words appended.
create or replace function private.listing_search_text(l public.listings, first_name text, last_name text) returns text
language sql stable parallel safe set search_path = '' as $$
  with raw as (
    select concat_ws(' ', l.title, l.brand, array_to_string(l.tags, ' '), l.category,
                     case l.category when 'children' then 'kids' end, l.product_type, l.description, l.location,
                     first_name, last_name) as t
  ),
  vocabulary as (
    select string_agg(v.words, ' ' order by v.kind, v.code) as words
    from private.search_vocabulary v
    where (v.kind = 'category' and v.code = l.category)
       or (v.kind = 'product_type' and v.code = l.product_type)
       or (v.kind = 'city' and exists (
             select 1 from unnest(v.names) as n(name) where private.search_words(l.location) like '% ' || n.name || ' %'))
  )
  select private.search_fold(t) ||
         case when t ~ '[äöüÄÖÜ]'
              then ' ' || private.search_fold(replace(replace(replace(replace(replace(replace(t,
                     'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'ae'), 'Ö', 'oe'), 'Ü', 'ue'))
              else '' end ||
         coalesce(' ' || (select words from vocabulary), '')
  from raw
$$;

-- Every listing's text again, with its vocabulary.
update private.listing_search s
   set search_text = private.listing_search_text(l, p.first_name, p.last_name)
  from public.listings l
  left join public.profiles p on p.id = l.user_id
 where l.id = s.listing_id;
