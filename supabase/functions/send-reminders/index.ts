// send-reminders: emails the reminders that are due (docs/intake-and-reminders.md): the day before each
// appointment, and on the day a programme step opens for clients who switched those on. Run every minute by a schedule (pg_cron + pg_net with a secret key in `apikey` on hosted; the
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
import { unsubscribeToken } from '../_shared/unsubscribe-token.ts';
import { appointmentReminderEmail, stepReminderEmail, type ReminderEmail } from './message.ts';

type DueAppointment = {
  event_key: string;
  email: string;
  starts_at: string;
  time_zone: string;
  reschedule_url: string | null;
  cancel_url: string | null;
  intake_missing: boolean;
};

type DueStep = { event_key: string; user_id: string; email: string };

type Outgoing = { eventKey: string; to: string; message: () => Promise<ReminderEmail> };

/** Claims, sends, and releases the claim when the email could not be sent. True when sent. */
async function deliver(db: ReturnType<typeof serviceClient>, outgoing: Outgoing): Promise<boolean | null> {
  const claim = await db.rpc('claim_reminder', { p_event_key: outgoing.eventKey });
  if (claim.error || claim.data !== true) return null;
  const result = await sendEmail({
    to: outgoing.to,
    ...(await outgoing.message()),
    idempotencyKey: outgoing.eventKey,
  });
  if (result.sent) return true;
  await db.rpc('release_reminder', { p_event_key: outgoing.eventKey });
  // The event key only: no address or time in the logs.
  console.warn(`send-reminders: ${outgoing.eventKey} not sent (${result.reason})`);
  return false;
}

serve(async (req) => {
  const early = preflight(req) ?? requirePost(req);
  if (early) return early;
  if (!hasSecretKey(req)) return errorJson(401, 'Only the schedule runs reminders.');

  const db = serviceClient();
  const now = new Date().toISOString();
  const [appointments, steps] = await Promise.all([
    db.rpc('due_appointment_reminders', { p_now: now }),
    db.rpc('due_step_reminders', { p_now: now }),
  ]);
  if (appointments.error || steps.error) return errorJson(503, 'The database is busy. Please try again.');

  const practiceName = env('PRACTICE_NAME') ?? 'Mindful Change Hypnotherapy';
  const siteUrl = (env('SITE_URL') ?? '').replace(/\/+$/, '');
  const functionsUrl = `${(env('SUPABASE_URL') ?? '').replace(/\/+$/, '')}/functions/v1`;
  const outgoing: Outgoing[] = [
    ...((appointments.data ?? []) as DueAppointment[]).map((reminder) => ({
      eventKey: reminder.event_key,
      to: reminder.email,
      message: () =>
        Promise.resolve(
          appointmentReminderEmail({
            practiceName,
            siteUrl,
            startsAt: new Date(reminder.starts_at),
            timeZone: reminder.time_zone,
            rescheduleUrl: reminder.reschedule_url,
            cancelUrl: reminder.cancel_url,
            intakeMissing: reminder.intake_missing,
          }),
        ),
    })),
    ...((steps.data ?? []) as DueStep[]).map((step) => ({
      eventKey: step.event_key,
      to: step.email,
      message: async () => {
        const query = new URLSearchParams({ u: step.user_id, t: await unsubscribeToken(step.user_id) });
        return stepReminderEmail({
          practiceName,
          siteUrl,
          unsubscribeUrl: `${functionsUrl}/unsubscribe-reminders?${query.toString()}`,
        });
      },
    })),
  ];

  let sent = 0;
  let failed = 0;
  for (const item of outgoing) {
    const result = await deliver(db, item);
    if (result === true) sent += 1;
    else if (result === false) failed += 1;
  }
  return json(200, { due: outgoing.length, sent, failed });
});
