-- Full audio is no longer signed by customers themselves. With this policy a customer could call Storage's
-- sign endpoint with any expiresIn (years) and keep or share the link after a refund. Links to full audio are
-- now minted only by the audio-url edge function (service role, after checking the purchase), valid for a few
-- minutes (docs/audio-links.md). Previews stay readable by anyone; admins keep their own policy.
-- Nothing is created here, so no grants change.
drop policy if exists "Owners read the full audio they bought" on storage.objects;
