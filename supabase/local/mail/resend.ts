// /_local/resend: a stand-in for Resend's email API (POST /emails), the provider the edge functions send
// receipts and refund notices through (supabase/functions/_shared/email.ts). It checks the local key and the
// fields Resend requires, honours Idempotency-Key as Resend does (the same key sends once), and stores the
// email in the local inbox (/_local/inbox) instead of sending it.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  BodyTooLargeError,
  JSON_BODY_LIMIT,
  header,
  isRecord,
  parseJson,
  readBody,
  sendJson,
} from '../http/util.ts';
import type { StackContext } from '../stack-context.ts';

export const RESEND_STAND_IN_PATH = '/_local/resend';
/** Local-only key and sender (worthless anywhere else). */
export const LOCAL_RESEND_API_KEY = 're_local_stand_in';
export const LOCAL_EMAIL_FROM = 'Mindful Change Hypnotherapy <receipts@localhost>';

const sentByKey = new WeakMap<StackContext, Map<string, string>>();

function keysOf(stack: StackContext): Map<string, string> {
  let keys = sentByKey.get(stack);
  if (!keys) {
    keys = new Map();
    sentByKey.set(stack, keys);
  }
  return keys;
}

function recipients(value: unknown): string[] | null {
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : null;
  if (!list || list.length === 0 || list.length > 50) return null;
  return list.every((item) => typeof item === 'string' && /^[^\s@<>]+@[^\s@<>]+$/.test(item))
    ? (list as string[])
    : null;
}

export async function handleResendStandIn(
  stack: StackContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  if (path !== '/emails')
    return sendJson(res, 404, { statusCode: 404, name: 'not_found', message: 'Not found' });
  if (req.method !== 'POST')
    return sendJson(res, 405, { statusCode: 405, name: 'method_not_allowed', message: 'Use POST' });
  const key = /^Bearer\s+(\S+)$/i.exec(header(req, 'authorization') ?? '')?.[1];
  if (key !== LOCAL_RESEND_API_KEY) {
    return sendJson(res, key ? 403 : 401, {
      statusCode: key ? 403 : 401,
      name: key ? 'invalid_api_key' : 'missing_api_key',
      message: key ? 'API key is invalid' : 'Missing API key in the authorization header',
    });
  }
  let body: Buffer;
  try {
    body = await readBody(req, JSON_BODY_LIMIT);
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      return sendJson(res, 413, { statusCode: 413, name: 'too_large', message: 'Body too large' });
    throw error;
  }
  const parsed = parseJson(body);
  const email = parsed.ok && isRecord(parsed.value) ? parsed.value : null;
  const to = recipients(email?.to);
  const { from, subject, html, text } = email ?? {};
  if (
    !email ||
    !to ||
    typeof from !== 'string' ||
    typeof subject !== 'string' ||
    subject === '' ||
    (typeof html !== 'string' && typeof text !== 'string')
  ) {
    return sendJson(res, 422, {
      statusCode: 422,
      name: 'validation_error',
      message: 'Send { from, to, subject, html and/or text }.',
    });
  }
  const idempotencyKey = header(req, 'idempotency-key');
  const keys = keysOf(stack);
  const earlier = idempotencyKey ? keys.get(idempotencyKey) : undefined;
  if (earlier) return sendJson(res, 200, { id: earlier });
  const id = randomUUID();
  if (idempotencyKey) keys.set(idempotencyKey, id);
  for (const address of to) {
    await stack.db.query(
      'insert into auth.email_outbox (to_email, subject, text_body, html_body) values ($1, $2, $3, $4)',
      [address, subject, typeof text === 'string' ? text : '', typeof html === 'string' ? html : ''],
    );
  }
  stack.log(`[inbox] ${subject} → ${to.join(', ')} (through the Resend stand-in)`);
  return sendJson(res, 200, { id });
}
