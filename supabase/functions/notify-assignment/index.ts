// notify-assignment: after an admin assigns a programme or an audio (admin_assign_to_client), emails the client:
// a link to My Account, or, with no account yet, an invitation to create one (docs/programmes.md "Emails").
//
// POST { assignmentId } with the admin's JWT → 200 { sent, hasAccount } (sent false when email is not
// configured or failed: the assignment stands). 401 signed out, 403 not an admin, 400 bad body, 404 none.
import { sendEmail } from '../_shared/email.ts';
import { env, serve } from '../_shared/env.ts';
import { adminIdRequest } from '../_shared/admin.ts';
import { errorJson, json } from '../_shared/http.ts';
import { assignmentEmail } from './message.ts';

async function handler(req: Request): Promise<Response> {
  const start = await adminIdRequest(
    req,
    'assignmentId',
    'Send { assignmentId } with the id of the assignment.',
  );
  if (start.response) return start.response;
  const { id: assignmentId, db } = start;

  const found = await db
    .from('client_assignments')
    .select('id, user_id, email, programme_id')
    .eq('id', assignmentId)
    .maybeSingle();
  if (found.error) return errorJson(500, 'Could not read the assignment. Please try again.');
  const assignment = found.data as {
    id: string;
    user_id: string | null;
    email: string;
    programme_id: string | null;
  } | null;
  if (!assignment) return errorJson(404, 'No such assignment.');

  const hasAccount = assignment.user_id !== null;
  const message = assignmentEmail({
    practiceName: env('PRACTICE_NAME') ?? 'Mindful Change Hypnotherapy',
    siteUrl: (env('SITE_URL') ?? '').replace(/\/+$/, ''),
    hasAccount,
    kind: assignment.programme_id ? 'programme' : 'audio',
  });
  const result = await sendEmail({
    to: assignment.email,
    ...message,
    // A retried call (a double click) sends once.
    idempotencyKey: `assignment-${assignment.id}`,
  });
  // The log names the assignment only: its email and contents are health-related.
  if (!result.sent) console.warn(`notify-assignment: email for ${assignment.id} not sent (${result.reason})`);
  return json(200, { sent: result.sent, hasAccount });
}

serve(handler);
