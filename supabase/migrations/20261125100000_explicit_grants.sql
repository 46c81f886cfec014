-- Explicit privileges for the API roles (anon, authenticated, service_role) on every table, sequence and function
-- of `public` and `private`, least privilege.
--
-- Why: since 2026-05-30 new hosted Supabase projects (and every project since 2026-10-30) no longer grant new
-- objects in `public` to the API roles. The migrations before this one relied on that default, so on a project
-- created today the catalogue, checkout, payment and refunds all failed with 42501. PostgreSQL itself still
-- grants EXECUTE on every new function to PUBLIC, so functions are revoked from PUBLIC here too.
--
-- How: first every privilege of PUBLIC and the API roles on these objects is revoked, so the result is the same
-- on a new project (which granted nothing) and on an older one (which granted everything by default); then each
-- role gets exactly what it uses. The decisions, object by object, with their reasons, are in
-- tests/database/grants-decisions.ts, and tests/database/grants.test.ts fails on any object without one or any
-- difference from it. A later migration that creates an object grants what it needs in the same migration.
--
-- Who needs what:
-- * anon reads the catalogue (RLS: published rows only). Nothing else.
-- * authenticated reads the catalogue, its own roles, orders, order lines and purchases (RLS: own rows; admins
--   all) and the activity log (RLS: admins); writes the catalogue and roles only where a policy lets an admin
--   write; executes is_admin() (the app and policies) and private.is_admin(uuid) (the first migrations'
--   policies call it; a policy runs with the querying role's privileges), and the admin_* RPCs (each refuses a
--   non-admin itself).
-- * service_role (edge functions; bypasses RLS, so these grants are its only limit) gets what the functions in
--   supabase/functions/ do: checkout (open_checkout_order, orders update), fulfilment (orders read,
--   fulfil_order), refunds (user_roles read, orders read, mark_order_refunded, log_admin_activity), webhooks
--   (close_unpaid_order, mark_order_refunded), account deletion (delete_account), and insert_purchase, the
--   spec's server-side call. The security invoker functions it executes need its table privileges: reads of the
--   catalogue, orders, order lines and purchases; inserts of orders, order lines and purchases; updates of
--   orders (FOR UPDATE row locks need UPDATE too); deletes of purchases (a refund revokes them).
-- * Trigger functions need no EXECUTE for anyone: PostgreSQL checks it only when the trigger is created.
--   Security definer helpers (require_admin, the rollup functions, admin_filtered_orders, ...) run as their
--   owner when the admin functions call them, so no API role executes them directly.
-- * The sales rollups, customer_directory and the activity log's identity sequence are used only by security
--   definer functions: no API role gets anything on them.

-- Start from nothing --------------------------------------------------------------------------------------------
-- Object by object (not `on all tables in schema`), so grants that another migration makes on its own objects
-- are never touched.

revoke all on table
  public.user_roles, public.products, public.packages, public.package_items, public.orders, public.order_lines,
  public.purchases, public.admin_activity, public.admin_sales_by_day, public.admin_sales_by_item,
  public.admin_sales_by_customer, public.customer_directory
  from public, anon, authenticated, service_role;

revoke all on sequence public.admin_activity_id_seq from public, anon, authenticated, service_role;

revoke all on function
  public.set_updated_at(),
  public.prevent_self_admin_removal(),
  public.is_admin(),
  private.is_admin(uuid),
  public.insert_purchase(uuid, text, text, numeric, text),
  public.open_checkout_order(uuid, jsonb),
  public.fulfil_order(uuid, text, text, integer),
  public.close_unpaid_order(text, text),
  public.mark_order_refunded(text),
  public.delete_account(uuid),
  public.admin_activity_append_only(),
  public.log_admin_activity(uuid, text, text, text, text, jsonb, jsonb),
  public.require_admin(),
  public.log_admin_row_change(),
  public.prevent_last_admin_removal(),
  public.london_day(timestamptz),
  public.admin_apply_line(public.order_lines, integer),
  public.admin_apply_order(public.orders, integer),
  public.admin_track_order(),
  public.admin_track_order_line(),
  public.admin_rebuild_sales_rollups(),
  public.admin_overview(),
  public.admin_filtered_orders(text, text, date, date, integer, integer),
  public.admin_list_orders(text, text, date, date, integer, integer),
  public.admin_csv_field(text),
  public.admin_export_orders(text, text, date, date),
  public.admin_order_detail(uuid),
  public.admin_list_customers(text, integer, integer),
  public.admin_customer_purchases(uuid),
  public.admin_grant_audio(uuid, uuid),
  public.admin_list_admins(),
  public.admin_grant_admin(text),
  public.admin_revoke_admin(uuid),
  public.package_requires_audio(),
  public.admin_package_slug(text),
  public.admin_create_package(text, text, text, integer, boolean, uuid[]),
  public.admin_add_package_item(uuid, uuid),
  public.admin_remove_package_item(uuid, uuid),
  private.sync_customer_directory()
  from public, anon, authenticated, service_role;

-- private holds only policy helpers and a trigger function: only authenticated evaluates those policies (the
-- service role bypasses RLS).
revoke all on schema private from public, anon, service_role;
grant usage on schema private to authenticated;

-- Tables ----------------------------------------------------------------------------------------------------------

-- The catalogue: everyone reads it (RLS: published rows; admins all; owners the drafts they bought); admins write
-- it (the admin policies); the service role prices carts and grants packages' items from it.
grant select on public.products, public.packages, public.package_items to anon;
grant select, insert, update, delete on public.products, public.packages, public.package_items to authenticated;
grant select on public.products, public.packages, public.package_items to service_role;

-- Roles: a user reads their own (admins all); admins grant and revoke (no update policy, so no UPDATE);
-- refund-order checks the caller's admin row with the service role.
grant select, insert, delete on public.user_roles to authenticated;
grant select on public.user_roles to service_role;

-- Orders and their lines: customers read their own (admins all); only the service role writes them.
grant select on public.orders, public.order_lines to authenticated;
grant select, insert, update on public.orders to service_role;
grant select, insert on public.order_lines to service_role;

-- Purchases: customers read their own (admins all); the service role grants (fulfil_order, insert_purchase) and
-- revokes them (mark_order_refunded).
grant select on public.purchases to authenticated;
grant select, insert, delete on public.purchases to service_role;

-- The activity log: admins read it (RLS). Appends go through log_admin_activity (security definer), so the
-- service role needs no table privilege; no edge function reads the log.
grant select on public.admin_activity to authenticated;

-- public.admin_sales_by_day, admin_sales_by_item, admin_sales_by_customer, customer_directory and the sequence
-- public.admin_activity_id_seq: nothing for anyone (revoked above).

-- Functions -------------------------------------------------------------------------------------------------------

-- Policy helpers and the app's own question.
grant execute on function public.is_admin() to authenticated;
grant execute on function private.is_admin(uuid) to authenticated;

-- The admin dashboard's RPCs (each calls require_admin() first).
grant execute on function public.admin_overview() to authenticated;
grant execute on function public.admin_list_orders(text, text, date, date, integer, integer) to authenticated;
grant execute on function public.admin_export_orders(text, text, date, date) to authenticated;
grant execute on function public.admin_order_detail(uuid) to authenticated;
grant execute on function public.admin_list_customers(text, integer, integer) to authenticated;
grant execute on function public.admin_customer_purchases(uuid) to authenticated;
grant execute on function public.admin_grant_audio(uuid, uuid) to authenticated;
grant execute on function public.admin_list_admins() to authenticated;
grant execute on function public.admin_grant_admin(text) to authenticated;
grant execute on function public.admin_revoke_admin(uuid) to authenticated;
grant execute on function public.admin_create_package(text, text, text, integer, boolean, uuid[]) to authenticated;
grant execute on function public.admin_add_package_item(uuid, uuid) to authenticated;
grant execute on function public.admin_remove_package_item(uuid, uuid) to authenticated;

-- What the edge functions call with the service role.
grant execute on function public.open_checkout_order(uuid, jsonb) to service_role;
grant execute on function public.fulfil_order(uuid, text, text, integer) to service_role;
grant execute on function public.close_unpaid_order(text, text) to service_role;
grant execute on function public.mark_order_refunded(text) to service_role;
grant execute on function public.delete_account(uuid) to service_role;
grant execute on function public.log_admin_activity(uuid, text, text, text, text, jsonb, jsonb) to service_role;
grant execute on function public.insert_purchase(uuid, text, text, numeric, text) to service_role;

-- Everything else is executable by no API role: the trigger functions (set_updated_at,
-- prevent_self_admin_removal, prevent_last_admin_removal, log_admin_row_change, admin_activity_append_only,
-- admin_track_order, admin_track_order_line, package_requires_audio, private.sync_customer_directory) and the
-- helpers only security definer functions call (require_admin, london_day, admin_apply_line, admin_apply_order,
-- admin_rebuild_sales_rollups, admin_filtered_orders, admin_csv_field, admin_package_slug).
