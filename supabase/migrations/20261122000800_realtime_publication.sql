-- Realtime (docs/architecture.md §1 rule 5): changes to these tables are pokes for the clients' sync; RLS decides who hears
-- of which row. profiles and trial_users are not published (pulled, and never read, respectively).
alter publication supabase_realtime add table public.listings, public.listing_images, public.conversations, public.messages;
