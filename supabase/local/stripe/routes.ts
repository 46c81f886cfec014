// /_local/stripe: the local Stripe stand-in. Same-origin only (no CORS headers): the SDK calls it from the
// edge functions, the browser only navigates to its hosted page.
//   /v1/...               the Stripe API subset (api.ts), the configured secret key required
//   /checkout/<id>        the hosted payment page (page.ts)
//   /settings             GET / PUT {"webhooks": "immediate" | "off" | "delay:<ms>"}
//   /events               GET the events sent (newest first) with their delivery results (secret key: they
//                         hold customers' emails)
//   /events/<id>/resend   POST: deliver an event again (secret key)
//   /disputes             POST {"payment_intent"}: raise a dispute; /disputes/<id>/close POST {"status"}
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { BodyTooLargeError, JSON_BODY_LIMIT, header, isRecord, parseJson, readBody } from '../http/util.ts';
import type { StackContext } from '../stack-context.ts';
import { handleApi, stripeError, type ApiResult } from './api.ts';
import { closeDispute, raiseDispute } from './disputes.ts';
import { showCheckout, submitCheckout, type PageResult } from './page.ts';
import { functionEnvironment } from '../functions/routes.ts';
import { formatWebhookMode, parseWebhookMode } from './settings.ts';
import { stateOf } from './state.ts';
import { resendEvent } from './webhooks.ts';

function reply(res: ServerResponse, status: number, body: string | null, headers: OutgoingHttpHeaders): void {
  const out: OutgoingHttpHeaders = { 'cache-control': 'no-store', ...headers };
  if (body !== null) out['content-length'] = Buffer.byteLength(body);
  res.writeHead(status, out);
  res.end(body ?? undefined);
}

function replyJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: OutgoingHttpHeaders = {},
): void {
  reply(res, status, JSON.stringify(value, null, 2), {
    'content-type': 'application/json; charset=utf-8',
    ...headers,
  });
}

function replyPage(res: ServerResponse, result: PageResult): void {
  if ('location' in result) {
    reply(res, 303, null, { location: result.location });
    return;
  }
  reply(res, result.status, result.html, {
    'content-type': 'text/html; charset=utf-8',
    // No script runs on the page. No form-action: Chrome applies it to the redirect to the shop.
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    'referrer-policy': 'no-referrer',
  });
}

async function body(req: IncomingMessage): Promise<string | null> {
  try {
    return (await readBody(req, JSON_BODY_LIMIT)).toString('utf8');
  } catch (error) {
    if (error instanceof BodyTooLargeError) return null;
    throw error;
  }
}

/** The secret key the edge functions were given for the stand-in: the only one it accepts, as Stripe would. */
function configuredSecretKey(stack: StackContext): string | undefined {
  return functionEnvironment(stack).STRIPE_SECRET_KEY;
}

function apiKeyProblem(req: IncomingMessage, expected: string | undefined): ApiResult | null {
  const authorization = header(req, 'authorization') ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  const basic = /^Basic\s+(\S+)$/i.exec(authorization)?.[1];
  const key = bearer ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : undefined);
  if (!key) {
    return stripeError(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (expected === undefined || key !== expected) {
    return stripeError(
      401,
      `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
      {
        code: 'api_key_invalid',
      },
    );
  }
  return null;
}

export async function handleStripeStandIn(
  stack: StackContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  path: string,
): Promise<void> {
  const method = req.method ?? 'GET';
  const state = stateOf(stack);

  if (path.startsWith('/v1/')) {
    const problem = apiKeyProblem(req, configuredSecretKey(stack));
    if (problem) return replyJson(res, problem.status, problem.body);
    const text = method === 'POST' ? await body(req) : '';
    if (text === null) return replyJson(res, 413, stripeError(413, 'Request body too large.').body);
    // Idempotency-Key on a POST: the first answer (success or refusal of a valid request) is kept and given
    // again, so a retry after a lost answer creates nothing twice (Stripe keeps keys for 24 hours).
    const idempotencyKey = method === 'POST' ? header(req, 'idempotency-key') : undefined;
    const remembered = idempotencyKey ? state.idempotent.get(`${path} ${idempotencyKey}`) : undefined;
    if (remembered) {
      return replyJson(res, remembered.status, remembered.body, {
        'request-id': `req_local_${Date.now().toString(36)}`,
        'idempotent-replayed': 'true',
      });
    }
    const result = await handleApi(stack, method, path.slice('/v1'.length), url, text);
    if (idempotencyKey && result.status < 500) {
      state.idempotent.set(`${path} ${idempotencyKey}`, result);
      if (state.idempotent.size > 10_000) state.idempotent.delete(state.idempotent.keys().next().value ?? '');
    }
    return replyJson(res, result.status, result.body, {
      'request-id': `req_local_${Date.now().toString(36)}`,
    });
  }

  const checkout = /^\/checkout\/([A-Za-z0-9_]+)\/?$/.exec(path);
  if (checkout) {
    const id = checkout[1] ?? '';
    if (method === 'GET' || method === 'HEAD') return replyPage(res, showCheckout(stack, id));
    if (method === 'POST') {
      const text = await body(req);
      if (text === null) return reply(res, 413, 'Request body too large', { 'content-type': 'text/plain' });
      return replyPage(res, await submitCheckout(stack, id, new URLSearchParams(text)));
    }
    return reply(res, 405, 'Method not allowed', { 'content-type': 'text/plain', allow: 'GET, HEAD, POST' });
  }

  if (path === '/settings') {
    if (method === 'PUT' || method === 'POST') {
      const text = await body(req);
      const parsed = text === null ? null : parseJson(Buffer.from(text));
      const value = parsed?.ok && isRecord(parsed.value) ? parsed.value.webhooks : undefined;
      const mode = typeof value === 'string' ? parseWebhookMode(value) : null;
      if (!mode) {
        return replyJson(res, 400, {
          message: 'Send {"webhooks": "immediate" | "off" | "delay:<milliseconds>"}.',
        });
      }
      state.webhookMode = mode;
    } else if (method !== 'GET') {
      return replyJson(res, 405, { message: 'Method not allowed' }, { allow: 'GET, PUT, POST' });
    }
    return replyJson(res, 200, { webhooks: formatWebhookMode(state.webhookMode) });
  }

  if (path === '/events' || path.startsWith('/events/')) {
    const problem = apiKeyProblem(req, configuredSecretKey(stack));
    if (problem) return replyJson(res, problem.status, problem.body);
  }
  if (path === '/events' && method === 'GET') {
    const type = url.searchParams.get('type');
    return replyJson(
      res,
      200,
      state.events
        .filter((event) => type === null || event.type === type)
        .map((event) => ({
          id: event.id,
          type: event.type,
          created: event.created,
          delivery: event.delivery,
          event: JSON.parse(event.payload) as unknown,
        })),
    );
  }
  const disputeClose = /^\/disputes\/(dp_[A-Za-z0-9]+)\/close$/.exec(path);
  if ((path === '/disputes' || disputeClose) && method === 'POST') {
    const text = await body(req);
    const parsed = text === null ? null : parseJson(Buffer.from(text));
    const fields = parsed?.ok && isRecord(parsed.value) ? parsed.value : {};
    const result = disputeClose
      ? await closeDispute(stack, disputeClose[1] ?? '', fields.status)
      : await raiseDispute(stack, fields.payment_intent);
    return replyJson(res, result.status, result.body);
  }
  const resend = /^\/events\/(evt_[A-Za-z0-9]+)\/resend$/.exec(path);
  if (resend && method === 'POST') {
    const event = state.events.find((candidate) => candidate.id === resend[1]);
    if (!event) return replyJson(res, 404, { message: 'No such event' });
    await resendEvent(stack, event);
    return replyJson(res, 200, { id: event.id, delivery: event.delivery });
  }

  return replyJson(res, 404, { message: 'Not found in the local Stripe stand-in' });
}
