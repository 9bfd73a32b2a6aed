-- The listing-images bucket is public (its files are served at their public URLs without any policy), so nobody
-- needs to read its object rows, and a SELECT policy for everyone let anyone list every user's folder, including
-- photos of sold listings that row level security hides from the data API. As Supabase advises for public buckets:
-- no broad SELECT policy. A seller still reads the rows of their own folder, which uploads with upsert, removals and
-- save_listings' "is the file there" check need.

drop policy listing_images_bucket_select on storage.objects;

create policy listing_images_bucket_select_own_folder on storage.objects
  for select to authenticated
  using (bucket_id = 'listing-images' and (storage.foldername(name))[1] = (select auth.uid())::text);
