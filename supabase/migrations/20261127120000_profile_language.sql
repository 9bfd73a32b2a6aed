-- A member's language (docs/product.md#R-language-profile): one of the app's four locales, or
-- null while the member has chosen none (a device then keeps its own choice).
--
-- * Private like the e-mail: no select grant to anon/authenticated; the owner reads it through my_profile, and the
--   server's push sender (service_role) reads it to write a notification in the receiver's language.
-- * The owner edits it like the names: an update of their own row (policy profiles_update_own), sent with the edit
--   time, so last edit wins for it as for the other profile fields (docs/decisions.md#D-last-edit-wins).

alter table public.profiles add column language text
  constraint profiles_language_code check (language in ('de-CH', 'fr-CH', 'it-CH', 'en'));

grant update (language) on public.profiles to authenticated;

-- The owner's full row gains language (appended: create or replace keeps the view's grants and dependants).
create or replace view public.my_profile with (security_invoker = false) as
  select p.id, p.first_name, p.last_name, p.location, p.email, p.profile_picture_url, p.subscription_status,
         p.subscription_start_date, p.last_payment_date, p.created_at, p.updated_at, p.paid_until, p.language
  from public.profiles p
  where p.id = (select auth.uid());

-- As in 20261127101500_write_caps_and_stamps, with language among the fields whose change without a new edit time
-- counts as an edit made now.
create or replace function private.profiles_before_update() returns trigger
language plpgsql as $$
declare
  stamped boolean := new.edited_at is distinct from old.edited_at;
  ahead boolean;
begin
  if stamped then
    new.device_edited_at := private.device_stamp(new.edited_at);
    new.edited_at := least(new.device_edited_at, now());
  else
    new.device_edited_at := old.device_edited_at;
  end if;
  ahead := stamped and new.device_edited_at > new.edited_at and coalesce(old.device_edited_at > old.edited_at, false);
  if ahead then
    if new.device_edited_at < old.device_edited_at then
      return old;
    end if;
    new.edited_at := greatest(new.edited_at, old.edited_at);
    return new;
  end if;
  if new.edited_at < old.edited_at then
    return old;
  end if;
  if new.edited_at = old.edited_at
     and (new.first_name, new.last_name, new.location, new.profile_picture_url, new.language)
         is distinct from (old.first_name, old.last_name, old.location, old.profile_picture_url, old.language) then
    new.edited_at := now();
  end if;
  return new;
end
$$;

revoke all on function private.profiles_before_update() from public;
