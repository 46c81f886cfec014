-- Audio object names by product id: full/<product id>.mp3 and previews/<product id>.mp3. The seed named them
-- by slug, which is nearly the title, and a signed URL must never reveal what a customer bought (docs/product-rules.md D26
-- "Health data": never the purchase or track title in a URL). seed.sql names new products by id.
--
-- Only paths still in the old slug form are changed, and only where no object is stored under the old name:
-- a product whose file was already uploaded keeps it (nothing is lost; an admin's replacement upload names
-- the new object by id). Where no file exists yet, nothing is moved and the new name is simply where the
-- file will go.

update public.products p
set audio_path = 'full/' || p.id || '.mp3'
where p.audio_path = 'full/' || p.slug || '.mp3'
  and not exists (
    select 1 from storage.objects o where o.bucket_id = 'audio' and o.name = p.audio_path
  );

update public.products p
set preview_path = 'previews/' || p.id || '.mp3'
where p.preview_path = 'previews/' || p.slug || '.mp3'
  and not exists (
    select 1 from storage.objects o where o.bucket_id = 'audio' and o.name = p.preview_path
  );
