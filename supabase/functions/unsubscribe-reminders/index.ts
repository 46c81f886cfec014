// unsubscribe-reminders: the link in every programme step reminder (docs/intake-and-reminders.md). GET or POST
// ?u=<user id>&t=<token> → the client's step reminders are off at once, no sign-in needed; the token
// (supabase/functions/_shared/unsubscribe-token.ts) proves the link was ours for that user. Answers plain text
// (hosted functions serve no HTML on their own domain). 400 without both, 403 with a token that is not ours.
import { env, serve } from '../_shared/env.ts';
import { serviceClient } from '../_shared/supabase.ts';
import { verifyUnsubscribeToken } from '../_shared/unsubscribe-token.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function text(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

serve(async (req) => {
  if (req.method !== 'GET' && req.method !== 'POST') return text(405, 'Method not allowed.');
  const url = new URL(req.url);
  const userId = url.searchParams.get('u') ?? '';
  const token = url.searchParams.get('t') ?? '';
  if (!UUID.test(userId) || token.length === 0 || token.length > 100) {
    return text(400, 'This unsubscribe link is incomplete. Please use the whole link from the email.');
  }
  if (!(await verifyUnsubscribeToken(userId, token))) {
    return text(403, 'This unsubscribe link is not valid. You can switch the reminders off in My Account.');
  }
  const { error } = await serviceClient().rpc('stop_step_reminders', { p_user_id: userId });
  if (error) return text(503, 'Something went wrong. Please try the link again in a minute.');
  const site = (env('SITE_URL') ?? '').replace(/\/+$/, '');
  return text(
    200,
    `You will no longer get an email when a step of your programme opens.\n\nYou can switch them on again in My Account: ${site}/account\n`,
  );
});
