-- Deleting a client's private file needs a recent sign-in too (docs/security.md "Destructive admin actions"):
-- the storage policy that lets admins delete from 'private-audio' also asks that the caller signed in under 10
-- minutes ago, as private.require_recent_sign_in() does for the admin functions. With an older session the
-- Storage API deletes nothing; the dashboard removes a client's file only right after admin_remove_assignment
-- (which asks for the password when needed), and every such file is queued anyway (private.storage_deletions).

-- Policies run as the caller, so this is callable by authenticated (it reads only the caller's own JWT).
create function private.signed_in_recently() returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select to_timestamp(max((e ->> 'timestamp')::double precision)) >= now() - interval '10 minutes'
     from jsonb_array_elements(
       case when jsonb_typeof(auth.jwt() -> 'amr') = 'array' then auth.jwt() -> 'amr' else '[]'::jsonb end
     ) e
     where jsonb_typeof(e -> 'timestamp') = 'number'),
    false
  )
$$;
revoke execute on function private.signed_in_recently() from public, anon, service_role;
grant execute on function private.signed_in_recently() to authenticated;

drop policy "Admins delete private client audio" on storage.objects;
create policy "Admins delete private client audio"
  on storage.objects for delete to authenticated
  using (bucket_id = 'private-audio' and (select public.is_admin()) and (select private.signed_in_recently()));
