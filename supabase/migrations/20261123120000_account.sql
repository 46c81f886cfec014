-- Account deletion (docs/product-rules.md D25 "Account deletion"): one transaction that removes a user's purchases and
-- roles, keeps their orders anonymised (user_id null: transaction records are kept 7 years, privacy policy
-- §9) and deletes the auth user (their sessions, refresh tokens and emailed tokens go with it). The last
-- admin is refused, so the practice can never lock itself out. Called only by the delete-account edge
-- function with the service role, for the user id it read from the caller's verified JWT.
--
-- Security definer (owned by the migration owner) because deleting from auth.users needs the owner's
-- privileges: the API roles, service_role included, hold none on auth.users. search_path is empty and every
-- name qualified; EXECUTE is granted to service_role only.

create function public.delete_account(p_user_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_purchases integer;
  v_orders integer;
  v_roles integer;
begin
  if p_user_id is null then
    raise exception 'delete_account: p_user_id is required' using errcode = '22023';
  end if;

  -- Two admins deleting themselves at once must not both pass the last-admin check: lock every admin row
  -- first, so the second sees the first one's deletion.
  perform 1 from public.user_roles r where r.role = 'admin'::public.app_role for update;

  if not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception 'delete_account: no such account' using errcode = 'P0002';
  end if;

  if exists (
    select 1 from public.user_roles r where r.user_id = p_user_id and r.role = 'admin'::public.app_role
  ) and not exists (
    select 1 from public.user_roles r
    where r.role = 'admin'::public.app_role and r.user_id <> p_user_id
  ) then
    raise exception 'The last admin cannot delete their account.'
      using errcode = '55000', hint = 'Make another user an admin first.';
  end if;

  delete from public.purchases pu where pu.user_id = p_user_id;
  get diagnostics v_purchases = row_count;

  update public.orders o set user_id = null where o.user_id = p_user_id;
  get diagnostics v_orders = row_count;

  delete from public.user_roles r where r.user_id = p_user_id;
  get diagnostics v_roles = row_count;

  delete from auth.users u where u.id = p_user_id;

  return jsonb_build_object(
    'purchases_deleted', v_purchases,
    'orders_anonymised', v_orders,
    'roles_deleted', v_roles
  );
end
$$;

comment on function public.delete_account(uuid) is
  'Deletes a user: purchases and roles removed, orders kept with user_id null, auth user deleted; refuses the last admin. Service role only.';

revoke execute on function public.delete_account(uuid) from public, anon, authenticated;
grant execute on function public.delete_account(uuid) to service_role;
