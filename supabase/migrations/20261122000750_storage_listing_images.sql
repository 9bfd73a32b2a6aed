-- The public bucket for listing photos (docs/product.md §7.3): anyone may read; a signed-in user may write, replace and
-- delete objects only under their own folder `{auth.uid()}/…` (clients use `{user_id}/{listing_id}/{image_id}.{ext}`).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('listing-images', 'listing-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy listing_images_bucket_select on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'listing-images');

create policy listing_images_bucket_insert_own_folder on storage.objects
  for insert to authenticated
  with check (bucket_id = 'listing-images' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy listing_images_bucket_update_own_folder on storage.objects
  for update to authenticated
  using (bucket_id = 'listing-images' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'listing-images' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy listing_images_bucket_delete_own_folder on storage.objects
  for delete to authenticated
  using (bucket_id = 'listing-images' and (storage.foldername(name))[1] = (select auth.uid())::text);
