// /_local/scheduler: the local scheduler (Calendly) stand-in. The stack's `_local` guard (server.ts:
// crossOriginRequest) refuses other origins' requests, forms included, so no web page can book or cancel in the
// developer's name; links from elsewhere (My Account's reschedule and cancel links) may still navigate here.
//   GET  /<username>/<event slug>?name=&email=   the booking page (also GET /)
//   POST /book                                   books; delivers invitee.created
//   GET  /invitees/<id>                          the confirmation
//   GET|POST /reschedulings/<id>                 reschedules; delivers invitee.canceled + invitee.created
//   GET|POST /cancellations/<id>                 cancels; delivers invitee.canceled
//   GET  /deliveries                             the deliveries sent, newest first, with their results
//   POST /deliveries/<n>/replay                  sends one again byte for byte (the function must refuse it)
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, JSON_BODY_LIMIT, readBody, send, sendJson } from '../http/util.ts';
import type { StackContext } from '../stack-context.ts';
import {
  showBooking,
  showCancel,
  showInvitee,
  showReschedule,
  submitBooking,
  submitCancel,
  submitReschedule,
  type PageResult,
} from './pages.ts';
import { schedulerState } from './state.ts';
import { replayDelivery } from './webhooks.ts';

function replyPage(res: ServerResponse, result: PageResult, method = 'GET'): void {
  if ('location' in result) {
    send(res, 303, null, { location: result.location, 'cache-control': 'no-store' });
    return;
  }
  send(
    res,
    result.status,
    result.html,
    {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
    },
    method,
  );
}

async function form(req: IncomingMessage): Promise<URLSearchParams | null> {
  try {
    return new URLSearchParams((await readBody(req, JSON_BODY_LIMIT)).toString('utf8'));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return null;
    throw error;
  }
}

export async function handleSchedulerStandIn(
  stack: StackContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  path: string,
): Promise<void> {
  const method = req.method ?? 'GET';
  const read = method === 'GET' || method === 'HEAD';
  if (!read && method !== 'POST') {
    return sendJson(res, 405, { message: 'Method not allowed' }, { allow: 'GET, HEAD, POST' });
  }

  if (path === '/deliveries' && read) {
    return sendJson(
      res,
      200,
      schedulerState(stack).deliveries.map(({ id, event, inviteeId, status, error, at, body }) => ({
        id,
        event,
        inviteeId,
        status,
        error,
        at,
        body: JSON.parse(body) as unknown,
      })),
    );
  }
  const replay = /^\/deliveries\/(\d+)\/replay$/.exec(path);
  if (replay && method === 'POST') {
    const delivery = schedulerState(stack).deliveries.find((d) => d.id === Number(replay[1]));
    if (!delivery) return sendJson(res, 404, { message: 'No such delivery' });
    await replayDelivery(stack, delivery);
    return sendJson(res, 200, { id: delivery.id, status: delivery.status, error: delivery.error });
  }

  if (method === 'POST') {
    const fields = await form(req);
    if (fields === null) return sendJson(res, 413, { message: 'Request body too large' });
    if (path === '/book') return replyPage(res, await submitBooking(stack, fields));
    const reschedule = /^\/reschedulings\/([A-F0-9]+)$/.exec(path);
    if (reschedule) return replyPage(res, await submitReschedule(stack, reschedule[1] ?? '', fields));
    const cancel = /^\/cancellations\/([A-F0-9]+)$/.exec(path);
    if (cancel) return replyPage(res, await submitCancel(stack, cancel[1] ?? ''));
    return sendJson(res, 404, { message: 'Not found in the local scheduler stand-in' });
  }

  const invitee = /^\/invitees\/([A-F0-9]+)$/.exec(path);
  if (invitee) return replyPage(res, showInvitee(stack, invitee[1] ?? ''));
  const reschedule = /^\/reschedulings\/([A-F0-9]+)$/.exec(path);
  if (reschedule) return replyPage(res, showReschedule(stack, reschedule[1] ?? ''));
  const cancel = /^\/cancellations\/([A-F0-9]+)$/.exec(path);
  if (cancel) return replyPage(res, showCancel(stack, cancel[1] ?? ''));
  if (path === '' || path === '/' || /^\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\/?$/.test(path)) {
    return replyPage(res, showBooking(url.searchParams));
  }
  return sendJson(res, 404, { message: 'Not found in the local scheduler stand-in' });
}
