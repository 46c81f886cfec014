// The decision table for privileges: for every table, view, sequence and function in the schemas the migrations
// own (and for those schemas), what each API role may do, and why. tests/database/grants.test.ts reads the real
// privileges from the migrated database and fails on any object missing here, any entry for an object that no
// longer exists, and any difference. The grants themselves are in the migrations
// (supabase/migrations/20261125100000_explicit_grants.sql and any later one); a role absent from an entry has
// nothing. PUBLIC must hold nothing on any of these objects (checked separately).

export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];

export type ObjectKind = 'schema' | 'table' | 'view' | 'materialized view' | 'sequence' | 'function';

/**
 * Privilege names as `has_*_privilege` spells them. Tables: SELECT, INSERT, UPDATE, DELETE, TRUNCATE,
 * REFERENCES, TRIGGER, MAINTAIN; column grants as `SELECT (col)`. Sequences: USAGE, SELECT, UPDATE. Functions:
 * EXECUTE. Schemas: USAGE, CREATE.
 */
export type Privilege = string;

export interface GrantDecision {
  readonly kind: ObjectKind;
  readonly grants: Readonly<Partial<Record<ApiRole, readonly Privilege[]>>>;
  /** Why each role gets what it gets (or nothing). */
  readonly why: string;
}

/** Schemas whose objects the migrations create: `public` and every schema a migration creates. */
export const OWNED_SCHEMAS = ['public', 'private'] as const;

const READ = ['SELECT'] as const;
const READ_WRITE = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const;
const EXECUTE = ['EXECUTE'] as const;
const NOTHING = {} as const;

const TRIGGER_ONLY =
  'Trigger function: PostgreSQL checks EXECUTE only when a trigger is created, so no role needs it to fire.';
const DEFINER_HELPER =
  'Internal helper called only by security definer functions (which run as the owner); not an API.';
const ADMIN_RPC =
  'Admin dashboard RPC (src/lib/admin-api/client.ts); refuses a non-admin itself (require_admin). ' +
  'Not for the service role, which is no admin.';

export const GRANT_DECISIONS: Readonly<Record<string, GrantDecision>> = {
  // Schemas ---------------------------------------------------------------------------------------------------
  public: {
    kind: 'schema',
    grants: { anon: ['USAGE'], authenticated: ['USAGE'], service_role: ['USAGE'] },
    why: "The platform's baseline: the Data API's roles use the exposed schema. Nobody but the owner creates in it.",
  },
  private: {
    kind: 'schema',
    grants: { authenticated: ['USAGE'] },
    why:
      'Policy helpers (private.is_admin(uuid)), not exposed by the Data API. Policies run as the querying role, ' +
      'and only authenticated has policies calling into it; the service role bypasses RLS.',
  },

  // Tables ----------------------------------------------------------------------------------------------------
  'public.products': {
    kind: 'table',
    grants: { anon: READ, authenticated: READ_WRITE, service_role: READ },
    why:
      'Everyone reads the catalogue (RLS: published; admins all; owners what they bought). Admins write it through ' +
      'the admin policies (admin/api/catalogue.ts createProduct/updateCatalogueItem, admin/product-audio.ts). The service role ' +
      'prices carts and grants purchases from it (open_checkout_order, fulfil_order, insert_purchase).',
  },
  'public.packages': {
    kind: 'table',
    grants: { anon: READ, authenticated: READ_WRITE, service_role: READ },
    why:
      'Everyone reads published packages; admins write them (admin policies; the edit form updates). The service ' +
      'role prices package lines (open_checkout_order).',
  },
  'public.package_items': {
    kind: 'table',
    grants: { anon: READ, authenticated: READ_WRITE, service_role: READ },
    why:
      'Everyone reads the items of published packages; admins write them (admin policies). The service role ' +
      'checks and grants package contents (open_checkout_order, fulfil_order).',
  },
  'public.user_roles': {
    kind: 'table',
    grants: { authenticated: ['SELECT', 'INSERT', 'DELETE'], service_role: READ },
    why:
      'A user reads their own roles (the account and admin checks), admins all; admins grant and revoke roles ' +
      "(insert and delete policies; there is no update policy). refund-order reads the caller's admin row with " +
      'the service role. anon has no roles to read.',
  },
  'public.orders': {
    kind: 'table',
    grants: { authenticated: READ, service_role: ['SELECT', 'INSERT', 'UPDATE'] },
    why:
      'Customers read their own orders (account page), admins all; no write policy. The service role opens ' +
      'orders (open_checkout_order), records the Stripe session and failures (create-checkout), reads them ' +
      '(verify-payment, fulfil, refund-order) and changes their status under a row lock (fulfil_order, ' +
      'close_unpaid_order, mark_order_refunded). Orders are never deleted.',
  },
  'public.order_lines': {
    kind: 'table',
    grants: { authenticated: READ, service_role: ['SELECT', 'INSERT'] },
    why:
      'Customers read the lines of their own orders, admins all. The service role writes them with the order ' +
      '(open_checkout_order) and reads them (verify-payment, fulfil_order).',
  },
  'public.purchases': {
    kind: 'table',
    grants: { authenticated: READ, service_role: ['SELECT', 'INSERT', 'DELETE'] },
    why:
      'Customers read their own purchases (library, player), admins all. The service role grants them ' +
      "(fulfil_order, insert_purchase) and revokes a refunded order's (mark_order_refunded).",
  },
  'public.listening_positions': {
    kind: 'table',
    grants: { authenticated: READ_WRITE, service_role: ['SELECT', 'DELETE'] },
    why:
      'A listener reads and upserts their own positions, only for audio they own, and may delete them (RLS; the ' +
      'player, src/features/player/position-sync.ts; Download my data). No admin reads them (health data). The ' +
      'service role reads and deletes (export, deletion, support in edge functions) and never rewrites one. ' +
      'anon has nothing (docs/listening-positions.md).',
  },
  'public.listening_sessions': {
    kind: 'table',
    grants: { authenticated: ['SELECT', 'INSERT', 'UPDATE'], service_role: ['SELECT', 'DELETE'] },
    why:
      'A listener reads and upserts their own listening sessions, only for audio they own (RLS; the player, ' +
      'src/features/practice/session-sync.ts; the practice log; Download my data). No delete: the log goes with ' +
      'the account. No admin reads them (health data). The service role reads and deletes (export, deletion, ' +
      'support in edge functions) and never writes one. anon has nothing (docs/practice-log.md).',
  },
  'public.admin_activity': {
    kind: 'table',
    grants: { authenticated: READ },
    why:
      'Admins read the log (RLS; admin/api/activity.ts activityQuery). Appends go through log_admin_activity (security ' +
      'definer), so nobody writes the table; no edge function reads it.',
  },
  'public.admin_sales_by_day': {
    kind: 'table',
    grants: NOTHING,
    why: 'Rollup kept by triggers and read by admin_overview (security definer): no API role touches it.',
  },
  'public.admin_sales_by_item': {
    kind: 'table',
    grants: NOTHING,
    why: 'Rollup kept by triggers and read by admin_overview (security definer): no API role touches it.',
  },
  'public.admin_sales_by_customer': {
    kind: 'table',
    grants: NOTHING,
    why: 'Rollup kept by triggers and read by admin functions (security definer): no API role touches it.',
  },
  'public.appointments': {
    kind: 'table',
    grants: { authenticated: READ, service_role: READ },
    why:
      'Appointments from the scheduler (docs/appointments.md). Customers read their own, admins all (RLS; ' +
      'account/api/appointments.ts, admin/appointments-api.ts). Nobody writes through the API: ' +
      'record_scheduler_event (security definer) does, for the scheduler-webhook function. The service role ' +
      'reads (the webhook and support); anon nothing.',
  },
  'public.programmes': {
    kind: 'table',
    grants: { authenticated: READ },
    why:
      "Programme templates and clients' copies (docs/programmes.md). Admins read all, a client the programmes " +
      'assigned to them (RLS; features/programmes). Written only by the admin functions (admin_save_programme, ' +
      'admin_duplicate_programme, admin_assign_to_client). anon and the service role have nothing.',
  },
  'public.programme_steps': {
    kind: 'table',
    grants: { authenticated: READ },
    why: 'The steps of a programme: read as the programme is (RLS); written only by the admin functions.',
  },
  'public.client_assignments': {
    kind: 'table',
    grants: { authenticated: READ, service_role: READ },
    why:
      'What the practitioner assigned to a client. The client reads their own, admins all (RLS); written only ' +
      'by admin_assign_to_client. The service role reads one to email the client (notify-assignment).',
  },
  'public.programme_progress': {
    kind: 'table',
    grants: { authenticated: READ },
    why:
      'How far each assigned audio was listened: the client reads their own, admins all (RLS). Kept only by ' +
      'the trigger on listening_positions (security definer); nobody writes it through the API.',
  },
  'public.private_audio': {
    kind: 'table',
    grants: { authenticated: READ, service_role: READ },
    why:
      'Audio uploaded privately for one client (docs/programmes.md). The client reads their own, admins all ' +
      '(RLS); written only by admin_assign_private_audio and removed with its assignment. The service role ' +
      'reads it to sign links (audio-url) and to remove the files with the account (delete-account).',
  },
  'private.audio_link_runs': {
    kind: 'table',
    grants: NOTHING,
    why:
      'When each listener\'s current run of audio links began (docs/security.md "Programme progress"): written ' +
      'by record_audio_link, read by the progress trigger; no role reads it.',
  },
  'public.record_audio_link(uuid,uuid)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'Called by the audio-url function (service role) each time it issues a link; not for users.',
  },
  'private.credible_seconds(uuid,uuid)': { kind: 'function', grants: NOTHING, why: DEFINER_HELPER },
  'public.intake_form': {
    kind: 'table',
    grants: { authenticated: ['SELECT', 'UPDATE'] },
    why:
      'The intake questions: every signed-in client reads them (the form), admins edit them (RLS; the admin ' +
      'editor). Nobody inserts or deletes the single row. anon and the service role need nothing ' +
      '(docs/intake-and-reminders.md).',
  },
  'public.intakes': {
    kind: 'table',
    grants: { authenticated: READ_WRITE, service_role: READ },
    why:
      'Health intake answers: the client reads, writes and deletes their own (an owned account, a live ' +
      'session), admins read all (RLS). The service role reads (Download my data, whether an intake is in for ' +
      'a reminder) and never writes. anon has nothing (docs/intake-and-reminders.md).',
  },
  'public.client_settings': {
    kind: 'table',
    grants: { authenticated: ['SELECT', 'INSERT', 'UPDATE'], service_role: READ },
    why:
      "A client's time zone and step-reminder switch: their own to read and write (RLS). send-reminders reads it through " +
      'due_appointment_reminders (security definer); the service role may read it for support.',
  },
  'private.sent_reminders': {
    kind: 'table',
    grants: NOTHING,
    why: 'Reminder events already claimed: written and read only by claim_reminder, release_reminder and due_appointment_reminders (security definer).',
  },
  'private.account_owners': {
    kind: 'table',
    grants: NOTHING,
    why:
      'Accounts whose owner proved the address and holds the only password (docs/security.md): written by ' +
      'claim_my_account and read by security definer functions and triggers only.',
  },
  'private.password_changes': {
    kind: 'table',
    grants: NOTHING,
    why: 'When each password last changed, for claim_my_account; written by a trigger on auth.users only.',
  },
  'private.session_is_live()': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why:
      'Called by the restrictive "live session" policies on client data, evaluated as the querying role; only ' +
      'authenticated has such policies. Not reachable through the API (private is not exposed).',
  },
  'public.session_is_live_for(uuid,uuid)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why:
      'The edge functions ask whether a verified token\'s session still exists (a token outlives its session ' +
      'by up to an hour: supabase/functions/_shared/auth.ts); not for users.',
  },
  'public.claim_my_account(text)': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why:
      'The confirming person makes the account theirs and gets what was kept for their address ' +
      '(docs/security.md); answers only for the caller, from a live session that proved the inbox.',
  },
  'private.assignment_purchases': {
    kind: 'table',
    grants: NOTHING,
    why:
      'Which zero-price purchase each assignment gave (docs/programmes.md): read and written only by the ' +
      'programme functions (security definer); no API role touches it.',
  },
  'public.client_notes': {
    kind: 'table',
    grants: { authenticated: ['SELECT', 'INSERT', 'UPDATE'] },
    why:
      "The practitioner's private note on a client: admins read and write it (RLS: admins only; the client " +
      'record). Never the client, anon or the service role.',
  },
  'public.scheduler_webhook_deliveries': {
    kind: 'table',
    grants: NOTHING,
    why: 'Signatures of accepted scheduler deliveries (replays refused); only record_scheduler_event touches it.',
  },
  'public.scheduler_webhook_events': {
    kind: 'table',
    grants: NOTHING,
    why: 'Scheduler events already applied (redeliveries ignored); only record_scheduler_event touches it.',
  },
  'public.customer_directory': {
    kind: 'table',
    grants: NOTHING,
    why:
      'Customer emails mirrored from auth.users by a trigger, read only by admin functions (security definer): ' +
      'never exposed.',
  },

  // Sequences -------------------------------------------------------------------------------------------------
  'public.admin_activity_id_seq': {
    kind: 'sequence',
    grants: NOTHING,
    why: 'Identity of admin_activity; only log_admin_activity (security definer) inserts there.',
  },

  // Functions: the app's and the policies' --------------------------------------------------------------------
  'public.is_admin()': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why:
      'Answers for the caller; called by policies on admin_activity and order_lines (evaluated as the querying ' +
      'role) and through the API by a signed-in user. anon has no policy calling it; the service role bypasses RLS.',
  },
  'private.is_admin(uuid)': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why:
      "Called by the first migrations' policies (roles, catalogue, orders, purchases, storage), evaluated as the " +
      'querying role; only authenticated has such policies. Not reachable through the API (private is not exposed).',
  },

  // Functions: admin RPCs ---------------------------------------------------------------------------------------
  'public.admin_overview()': { kind: 'function', grants: { authenticated: EXECUTE }, why: ADMIN_RPC },
  'public.admin_list_orders(text,text,date,date,integer,integer)': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why: ADMIN_RPC,
  },
  'public.admin_export_orders(text,text,date,date)': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why: ADMIN_RPC,
  },
  'public.admin_order_detail(uuid)': { kind: 'function', grants: { authenticated: EXECUTE }, why: ADMIN_RPC },
  'public.admin_list_customers(text,integer,integer)': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why: ADMIN_RPC,
  },
  'public.admin_customer_purchases(uuid)': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why: ADMIN_RPC,
  },
  'public.admin_save_programme(uuid,text,text,boolean,jsonb)': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why: ADMIN_RPC,
  },
  'public.admin_duplicate_programme(uuid)': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why: ADMIN_RPC,
  },
  'public.admin_assign_to_client(text,uuid,uuid,text,text)': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why: ADMIN_RPC,
  },
  'public.admin_assign_private_audio(text,text,integer,text,text)': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why: ADMIN_RPC,
  },
  'public.admin_add_private_audio(uuid,text,integer,text)': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why: ADMIN_RPC,
  },
  'public.admin_remove_assignment(uuid,boolean)': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why: ADMIN_RPC,
  },
  'public.admin_edit_assignment(uuid,text,text,text,boolean,jsonb)': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why: ADMIN_RPC,
  },
  'public.my_locked_audio()': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why:
      "The caller's own audio held back by a locked programme step (auth.uid(); My Account shows when it " +
      'opens). Security definer: it reads private.assignment_purchases. anon has no account.',
  },
  'public.admin_grant_audio(uuid,uuid)': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why: ADMIN_RPC,
  },
  'public.admin_list_admins()': { kind: 'function', grants: { authenticated: EXECUTE }, why: ADMIN_RPC },
  'public.admin_grant_admin(text)': { kind: 'function', grants: { authenticated: EXECUTE }, why: ADMIN_RPC },
  'public.admin_revoke_admin(uuid)': { kind: 'function', grants: { authenticated: EXECUTE }, why: ADMIN_RPC },
  'public.admin_create_package(text,text,text,integer,boolean,uuid[])': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why: ADMIN_RPC,
  },
  'public.admin_add_package_item(uuid,uuid)': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why: ADMIN_RPC,
  },
  'public.admin_remove_package_item(uuid,uuid)': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why: ADMIN_RPC,
  },

  // Functions: the edge functions' (service role) ----------------------------------------------------------------
  'public.open_checkout_order(uuid,jsonb)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'create-checkout opens the order; the browser never prices or opens one itself.',
  },
  'public.fulfil_order(uuid,text,text,integer)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: "stripe-webhook and verify-payment (_shared/fulfil.ts) grant a paid order's items.",
  },
  'public.close_unpaid_order(text,text)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'stripe-webhook closes an expired or failed checkout.',
  },
  'public.mark_order_refunded(text)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: "refund-order and stripe-webhook (charge.refunded) revoke a refunded order's purchases.",
  },
  'public.record_scheduler_event(text,text,jsonb)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'scheduler-webhook records a verified delivery (supabase/functions/scheduler-webhook).',
  },
  'public.delete_account(uuid)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: "delete-account deletes the verified caller's account.",
  },
  'public.can_stream_audio(uuid,uuid)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why:
      'audio-url asks whether the verified caller may stream an audio (owned, and not held back by a locked ' +
      'programme step: docs/programmes.md) before minting a link.',
  },
  'public.log_admin_activity(uuid,text,text,text,text,jsonb,jsonb)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'refund-order logs the refund with the verified admin as actor; nobody else forges log rows.',
  },
  'public.insert_purchase(uuid,text,text,numeric,text)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: "The spec's server-side purchase call (security invoker); never the browser's.",
  },

  // Functions: internal -----------------------------------------------------------------------------------------
  'public.set_updated_at()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'public.listening_positions_keep_newest()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'public.listening_sessions_only_grow()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'public.prevent_self_admin_removal()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'public.prevent_last_admin_removal()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'public.log_admin_row_change()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'public.admin_activity_append_only()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'public.admin_track_order()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'public.admin_track_order_line()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'public.package_requires_audio()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'private.sync_customer_directory()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'private.record_password_change()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'private.intakes_stamp_times()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'private.caller_owns_account()': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why:
      'Called by the intake write policies, evaluated as the querying role: only an account its owner claimed ' +
      'writes an intake. Not reachable through the API (private is not exposed).',
  },
  'public.due_appointment_reminders(timestamp with time zone)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'send-reminders selects the reminders due at the time it passes (supabase/functions/send-reminders).',
  },
  'public.due_step_reminders(timestamp with time zone)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'send-reminders selects the programme step reminders due at the time it passes.',
  },
  'public.stop_step_reminders(uuid)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'unsubscribe-reminders switches them off for the user its verified token names.',
  },
  'public.claim_reminder(text)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'send-reminders claims an event before sending it, so it is sent at most once.',
  },
  'public.release_reminder(text)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'send-reminders releases a claim whose email could not be sent, so the next run tries again.',
  },
  'private.pending_until_owned()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'private.admin_role_needs_owner()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'private.link_pending_for_new_owner()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'private.link_pending(uuid)': { kind: 'function', grants: NOTHING, why: DEFINER_HELPER },
  'private.drop_assigned_programme()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'private.programme_progress_from_position()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'private.forget_listening_of_audio()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'private.drop_assigned_private_audio()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'private.grant_assignment_audio(uuid)': { kind: 'function', grants: NOTHING, why: DEFINER_HELPER },
  'private.private_audio_is_for(uuid,uuid)': { kind: 'function', grants: NOTHING, why: DEFINER_HELPER },
  'private.assignment_audio_locked(uuid,uuid,timestamp with time zone)': {
    kind: 'function',
    grants: NOTHING,
    why: DEFINER_HELPER,
  },
  'public.require_admin()': { kind: 'function', grants: NOTHING, why: DEFINER_HELPER },
  'public.london_day(timestamp with time zone)': { kind: 'function', grants: NOTHING, why: DEFINER_HELPER },
  'public.admin_apply_line(public.order_lines,integer)': {
    kind: 'function',
    grants: NOTHING,
    why: DEFINER_HELPER,
  },
  'public.admin_apply_order(public.orders,integer)': {
    kind: 'function',
    grants: NOTHING,
    why: DEFINER_HELPER,
  },
  'public.admin_filtered_orders(text,text,date,date,integer,integer)': {
    kind: 'function',
    grants: NOTHING,
    why: DEFINER_HELPER,
  },
  'public.admin_csv_field(text)': { kind: 'function', grants: NOTHING, why: DEFINER_HELPER },
  'public.admin_package_slug(text)': { kind: 'function', grants: NOTHING, why: DEFINER_HELPER },
  'public.admin_rebuild_sales_rollups()': {
    kind: 'function',
    grants: NOTHING,
    why: 'Maintenance, run by the database owner (migrations, the benchmark after a bulk load); not an API.',
  },

  // Money exact (docs/money.md; supabase/migrations/20261125200000_money_exact.sql, 20261125200100_*) --------------
  'public.order_items': {
    kind: 'table',
    grants: { authenticated: READ, service_role: ['SELECT', 'INSERT'] },
    why:
      "Each audio an order grants with its checkout price. Customers read their own orders' (RLS), admins all. " +
      'The service role writes them with the order (open_checkout_order, fill_order_items) and reads them ' +
      '(fulfil_order, the ungranted titles); never updated, deleted only with the order (cascade).',
  },
  'public.suspended_purchases': {
    kind: 'table',
    grants: { service_role: ['SELECT', 'INSERT', 'DELETE'] },
    why:
      'Purchases of an order under an open dispute: owned by nobody, so no API role reads them. The service ' +
      'role moves them in and out (open_order_dispute, close_order_dispute, mark_order_refunded).',
  },
  'public.split_pence(integer,numeric[])': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'Price splitting inside open_checkout_order, fulfil_order and fill_order_items (security invoker, run by the service role).',
  },
  'public.fill_order_items(uuid)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'fulfil_order (security invoker, service role) fills the items of an order opened before order_items existed.',
  },
  'public.record_ungranted_refund(uuid,text)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'The functions record the automatic refund of what fulfilment could not grant (_shared/fulfil.ts).',
  },
  'public.open_order_dispute(text,text)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: "stripe-webhook (charge.dispute.created) suspends the disputed order's audio.",
  },
  'public.close_order_dispute(text,text,text)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'stripe-webhook (charge.dispute.closed) restores (won) or revokes (lost) the audio.',
  },
  'public.claim_order_email(uuid,text)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'The functions claim a receipt or refund notice once per order before sending it (_shared/order-emails.ts).',
  },
  'public.release_order_email(uuid,text)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'The functions release a claimed email whose sending failed, so a retry sends it.',
  },
  'public.order_email_details(uuid)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: "What a receipt says, with the customer's email (security definer: auth.users is no API); the functions only.",
  },
  'public.expire_stale_checkouts(interval)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'reconcile-payments closes checkouts still unpaid after 24 hours (docs/payment-result.md).',
  },
  'public.unfulfilled_sessions(text[])': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'reconcile-payments finds which paid Checkout Sessions have an order not yet fulfilled.',
  },
  'public.admin_disputed_orders()': { kind: 'function', grants: { authenticated: EXECUTE }, why: ADMIN_RPC },

  // Destructive admin actions, the log and erasure (20261130020000; docs/security.md) --------------------------
  'private.require_recent_sign_in()': { kind: 'function', grants: NOTHING, why: DEFINER_HELPER },
  'private.require_private_object_name(text)': { kind: 'function', grants: NOTHING, why: DEFINER_HELPER },
  'private.queue_private_audio_file()': { kind: 'function', grants: NOTHING, why: TRIGGER_ONLY },
  'private.activity_log_erasures': {
    kind: 'table',
    grants: NOTHING,
    why: 'The marker that lets delete_account (security definer) anonymise log rows in its own transaction.',
  },
  'private.storage_deletions': {
    kind: 'table',
    grants: NOTHING,
    why:
      'Storage objects still to remove: filled by a trigger, read and cleared through the functions below; ' +
      'no API role touches the table.',
  },
  'private.storage_deletions_id_seq': {
    kind: 'sequence',
    grants: NOTHING,
    why: 'Identity of private.storage_deletions, used only by the trigger (definer).',
  },
  'private.site_rebuild_requests': {
    kind: 'table',
    grants: NOTHING,
    why: 'When the site was last rebuilt: read and written only by claim_site_rebuild (security definer).',
  },
  'public.storage_deletions_due(integer)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'delete-account and reconcile-payments take the next files to remove (docs/security.md).',
  },
  'public.storage_deletions_done(bigint[])': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'delete-account and reconcile-payments clear the files they removed.',
  },
  'public.admin_pending_storage_deletions()': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why: ADMIN_RPC,
  },
  'private.checked_uploads': {
    kind: 'table',
    grants: NOTHING,
    why:
      'Uploads check-audio-upload found to be audio (docs/security.md "Uploads"): written through ' +
      'record_checked_upload, used up by the private audio functions (security definer); no API role touches it.',
  },
  'public.record_checked_upload(text,text,integer)': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'check-audio-upload records a stored object it read and found to be audio, with its length.',
  },
  'private.signed_in_recently()': {
    kind: 'function',
    grants: { authenticated: EXECUTE },
    why:
      "The private-audio delete policy's recent sign-in check: policies run as the caller, and it reads only " +
      "the caller's own JWT.",
  },
  'private.take_checked_private_upload(text)': { kind: 'function', grants: NOTHING, why: DEFINER_HELPER },
  'public.claim_site_rebuild()': {
    kind: 'function',
    grants: { service_role: EXECUTE },
    why: 'request-site-rebuild claims the one rebuild allowed per 2 minutes (docs/catalogue-rebuild.md).',
  },
  'public.admin_rollup_slot(uuid)': { kind: 'function', grants: NOTHING, why: DEFINER_HELPER },
  'public.admin_order_revenue(public.orders)': { kind: 'function', grants: NOTHING, why: DEFINER_HELPER },
};
