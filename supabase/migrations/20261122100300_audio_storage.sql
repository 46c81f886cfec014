-- The private audio bucket. Objects:
--   previews/<slug>.mp3  short clips, readable by anyone (through signed URLs: the bucket is not public)
--   full/<slug>.mp3      the full audio, readable only by a customer who owns a purchase of the product whose
--                        audio_path is that object name, and by admins
-- Admins upload, replace and delete; the service role bypasses RLS.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'audio',
  'audio',
  false,
  209715200, -- 200 MiB: a 30-minute high-bitrate MP3 fits with room to spare
  array['audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/ogg', 'audio/wav', 'audio/webm']
)
on conflict (id) do nothing;

create policy "Anyone reads audio previews"
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'audio' and (storage.foldername(name))[1] = 'previews');

create policy "Owners read the full audio they bought"
  on storage.objects for select
  to authenticated
  using (
    bucket_id = 'audio'
    and (storage.foldername(name))[1] = 'full'
    and exists (
      select 1
      from public.purchases pu
      join public.products pr on pr.id = pu.product_id
      where pu.user_id = (select auth.uid())
        and pr.audio_path = objects.name
    )
  );

create policy "Admins read all audio"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'audio' and (select public.is_admin()));

create policy "Admins upload audio"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'audio' and (select public.is_admin()));

create policy "Admins update audio"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'audio' and (select public.is_admin()))
  with check (bucket_id = 'audio' and (select public.is_admin()));

create policy "Admins delete audio"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'audio' and (select public.is_admin()));
