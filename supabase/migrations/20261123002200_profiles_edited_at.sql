-- Profile edits: last edit wins by edit time, as for listings (docs/decisions.md#D-last-edit-wins). Before this, the last edit to
-- ARRIVE won: an old offline edit overwrote a newer one made on another device.
--
-- * edited_at is the device's time of the edit, sent with every profile update and clamped to the server's now().
-- * An update whose edited_at is older than the stored one is stale: the trigger returns the stored row, so the
--   statement succeeds, changes nothing (updated_at included) and the client reads back the winner.
-- * An equal edited_at is applied (the later arrival wins); an update that changes the profile without moving
--   edited_at (a client that does not send it, e.g. a profile picture) counts as an edit made now.
-- * Server-side updates (payments as service_role or security definer, the sign-up e-mail sync) change no
--   user-edited column and are not edits.

-- A profile nobody has edited yet (sign-up, rows before this migration) has no edit time: any edit wins over it,
-- whatever the device's clock says.
alter table public.profiles add column edited_at timestamptz not null default '-infinity';

create function private.profiles_before_update() returns trigger
language plpgsql as $$
begin
  new.edited_at := least(coalesce(new.edited_at, now()), now());
  if new.edited_at < old.edited_at then
    return old;
  end if;
  if new.edited_at = old.edited_at
     and (new.first_name, new.last_name, new.location, new.profile_picture_url)
         is distinct from (old.first_name, old.last_name, old.location, old.profile_picture_url) then
    new.edited_at := now();
  end if;
  return new;
end
$$;

revoke all on function private.profiles_before_update() from public;

-- Before profiles_90_stamp_times (name order), which then sees a kept row as unchanged.
create trigger profiles_10_before_update
  before update on public.profiles
  for each row execute function private.profiles_before_update();

grant update (edited_at) on public.profiles to authenticated;
