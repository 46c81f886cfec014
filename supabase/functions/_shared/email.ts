// Transactional email through Resend's HTTP API (POST /emails with a Bearer key): plain fetch, so it runs the
// same on Deno and under the local stack, which points RESEND_API_URL at its own stand-in (captured in the
// local inbox). Why Resend: docs/money.md "Email provider". Not configured (no RESEND_API_KEY): nothing is
// sent and the caller is told, so it can leave the email unclaimed.
import { env } from './env.ts';

export type OutgoingEmail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Resend keeps an Idempotency-Key for 24 hours: a retried send delivers once. */
  idempotencyKey: string;
};

export type SendResult =
  { sent: true; id: string } | { sent: false; reason: 'not_configured' | 'failed'; detail: string };

/** Sends one email. Never throws: a failure is a result the caller records. */
export async function sendEmail(email: OutgoingEmail): Promise<SendResult> {
  const key = env('RESEND_API_KEY');
  const from = env('EMAIL_FROM');
  if (!key || !from)
    return { sent: false, reason: 'not_configured', detail: 'RESEND_API_KEY or EMAIL_FROM is not set' };
  const base = (env('RESEND_API_URL') ?? 'https://api.resend.com').replace(/\/+$/, '');
  try {
    const response = await fetch(`${base}/emails`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': email.idempotencyKey,
      },
      body: JSON.stringify({
        from,
        to: [email.to],
        subject: email.subject,
        html: email.html,
        text: email.text,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json().catch(() => ({}))) as { id?: string; message?: string };
    if (!response.ok || typeof body.id !== 'string') {
      return { sent: false, reason: 'failed', detail: `${response.status} ${body.message ?? ''}`.trim() };
    }
    return { sent: true, id: body.id };
  } catch (error) {
    return { sent: false, reason: 'failed', detail: error instanceof Error ? error.message : String(error) };
  }
}
