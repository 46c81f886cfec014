// send-reminders: emails the reminders that are due (docs/intake-and-reminders.md): the day before each
// appointment. Run every minute by a schedule (pg_cron + pg_net with a secret key in `apikey` on hosted; the
// local stack's own timer, supabase/local/schedules.ts). Each event is claimed in the database before it is
// sent (public.claim_reminder), so a retried, restarted or concurrent run never sends it twice; a send that
// fails releases the claim and the next run tries again.
//
// POST {} with a secret key in `apikey` → 200 { due, sent, failed }. 401 without one.
import { hasSecretKey } from '../_shared/auth.ts';
import { sendEmail } from '../_shared/email.ts';
import { env, serve } from '../_shared/env.ts';
import { errorJson, json, preflight, requirePost } from '../_shared/http.ts';
import { serviceClient } from '../_shared/supabase.ts';
import { appointmentReminderEmail } from './message.ts';

type DueAppointment = {
  event_key: string;
  email: string;
  starts_at: string;
  time_zone: string;
  reschedule_url: string | null;
  cancel_url: string | null;
  intake_missing: boolean;
};

serve(async (req) => {
  const early = preflight(req) ?? requirePost(req);
  if (early) return early;
  if (!hasSecretKey(req)) return errorJson(401, 'Only the schedule runs reminders.');

  const db = serviceClient();
  const due = await db.rpc('due_appointment_reminders', { p_now: new Date().toISOString() });
  if (due.error) return errorJson(503, 'The database is busy. Please try again.');

  const practiceName = env('PRACTICE_NAME') ?? 'Mindful Change Hypnotherapy';
  const siteUrl = (env('SITE_URL') ?? '').replace(/\/+$/, '');
  let sent = 0;
  let failed = 0;
  for (const reminder of (due.data ?? []) as DueAppointment[]) {
    const claim = await db.rpc('claim_reminder', { p_event_key: reminder.event_key });
    if (claim.error || claim.data !== true) continue;
    const message = appointmentReminderEmail({
      practiceName,
      siteUrl,
      startsAt: new Date(reminder.starts_at),
      timeZone: reminder.time_zone,
      rescheduleUrl: reminder.reschedule_url,
      cancelUrl: reminder.cancel_url,
      intakeMissing: reminder.intake_missing,
    });
    const result = await sendEmail({ to: reminder.email, ...message, idempotencyKey: reminder.event_key });
    if (result.sent) {
      sent += 1;
      continue;
    }
    failed += 1;
    await db.rpc('release_reminder', { p_event_key: reminder.event_key });
    // The event key only: no address or time in the logs.
    console.warn(`send-reminders: ${reminder.event_key} not sent (${result.reason})`);
  }
  return json(200, { due: (due.data ?? []).length, sent, failed });
});
