// The stand-in's pages, plain HTML forms with no script: book (`/<username>/<event slug>?name=&email=`, as
// Calendly's booking URL takes them), an invitee's confirmation, reschedule (`/reschedulings/<id>`) and cancel
// (`/cancellations/<id>`) pages. Each action delivers its signed webhooks before the page answers.
import type { StackContext } from '../stack-context.ts';
import { SCHEDULER_BASE_PATH } from './settings.ts';
import { schedulerId, schedulerState, type Invitee } from './state.ts';
import { sendSchedulerEvent } from './webhooks.ts';

export type PageResult = { status: number; html: string } | { status: 303; location: string };

const MINUTES = 50;
const EVENT_TYPE = '50 Minute Appointment';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
  * { box-sizing: border-box; }
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1f2937; background: #f3f4f6; }
  main { max-width: 32rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
  .note { color: #4b5563; font-size: 0.875rem; }
  label { display: block; font-weight: 600; margin: 0.75rem 0 0.25rem; }
  input[type=text], input[type=email] { font: inherit; padding: 0.625rem 0.75rem; border: 1px solid #6b7280; border-radius: 0.375rem; width: 100%; }
  fieldset { border: 1px solid #d1d5db; border-radius: 0.5rem; margin: 1rem 0 0; padding: 0.5rem 1rem 1rem; background: #fff; }
  legend { font-weight: 600; padding: 0 0.25rem; }
  .slot { display: flex; gap: 0.5rem; align-items: center; font-weight: 400; margin: 0.25rem 0; min-height: 44px; }
  button { font: inherit; font-weight: 600; border-radius: 0.375rem; padding: 0.625rem 1rem; min-height: 44px; cursor: pointer; background: #1d4ed8; color: #fff; border: 1px solid #1d4ed8; margin-top: 1rem; }
  :focus-visible { outline: 3px solid #b45309; outline-offset: 2px; }
  a { color: #1d4ed8; }
  .error { color: #991b1b; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="note">Local scheduler stand-in: nothing here reaches Calendly.</p>
${body}
</main>
</body>
</html>`;
}

const when = (date: Date): string =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  }).format(date);

/** The next seven days' slots at 10:00 and 14:00 UTC, from tomorrow. */
function slots(now: Date): Date[] {
  const result: Date[] = [];
  for (let day = 1; day <= 7; day += 1) {
    for (const hour of [10, 14]) {
      result.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + day, hour)));
    }
  }
  return result;
}

function slotFieldset(): string {
  const items = slots(new Date())
    .map(
      (slot, index) =>
        `<label class="slot"><input type="radio" name="start" value="${slot.toISOString()}"${index === 0 ? ' checked' : ''}> ${escapeHtml(when(slot))}</label>`,
    )
    .join('\n');
  return `<fieldset><legend>Choose a time</legend>\n${items}\n</fieldset>`;
}

function chosenStart(form: URLSearchParams): Date | null {
  const value = form.get('start') ?? '';
  const start = new Date(value);
  return Number.isNaN(start.getTime()) || start.getTime() <= Date.now() ? null : start;
}

const base = SCHEDULER_BASE_PATH;

export function showBooking(query: URLSearchParams, error = ''): PageResult {
  const name = query.get('name') ?? '';
  const email = query.get('email') ?? '';
  return {
    status: error ? 400 : 200,
    html: layout(
      `Book: ${EVENT_TYPE}`,
      `<h1>${escapeHtml(EVENT_TYPE)}</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${base}/book">
<label for="name">Name</label>
<input type="text" id="name" name="name" autocomplete="name" required value="${escapeHtml(name)}">
<label for="email">Email</label>
<input type="email" id="email" name="email" autocomplete="email" required value="${escapeHtml(email)}">
${slotFieldset()}
<button type="submit">Schedule event</button>
</form>`,
    ),
  };
}

export async function submitBooking(stack: StackContext, form: URLSearchParams): Promise<PageResult> {
  const name = (form.get('name') ?? '').trim();
  const email = (form.get('email') ?? '').trim();
  const start = chosenStart(form);
  if (!name || !/^[^@\s]+@[^@\s]+$/.test(email) || !start) {
    return showBooking(form, 'Enter your name, a valid email and a time.');
  }
  const invitee: Invitee = {
    id: schedulerId(),
    eventId: schedulerId(),
    name,
    email,
    eventType: EVENT_TYPE,
    start,
    end: new Date(start.getTime() + MINUTES * 60_000),
    status: 'active',
    oldInviteeId: null,
    newInviteeId: null,
  };
  schedulerState(stack).invitees.set(invitee.id, invitee);
  await sendSchedulerEvent(stack, 'invitee.created', invitee);
  return { status: 303, location: `${base}/invitees/${invitee.id}` };
}

function notFound(): PageResult {
  return { status: 404, html: layout('Not found', '<h1>No such booking</h1>') };
}

export function showInvitee(stack: StackContext, id: string): PageResult {
  const invitee = schedulerState(stack).invitees.get(id);
  if (!invitee) return notFound();
  const title = invitee.status === 'active' ? 'You are scheduled' : 'Cancelled';
  const actions =
    invitee.status === 'active'
      ? `<p><a href="${base}/reschedulings/${invitee.id}">Reschedule</a> · <a href="${base}/cancellations/${invitee.id}">Cancel</a></p>`
      : '';
  return {
    status: 200,
    html: layout(
      title,
      `<h1>${title}</h1>
<p>${escapeHtml(invitee.eventType)} with ${escapeHtml(invitee.name)} (${escapeHtml(invitee.email)})</p>
<p>${escapeHtml(when(invitee.start))}</p>
${actions}`,
    ),
  };
}

function activeInvitee(stack: StackContext, id: string): Invitee | null {
  const invitee = schedulerState(stack).invitees.get(id);
  return invitee && invitee.status === 'active' ? invitee : null;
}

export function showReschedule(stack: StackContext, id: string, error = ''): PageResult {
  const invitee = activeInvitee(stack, id);
  if (!invitee) return notFound();
  return {
    status: error ? 400 : 200,
    html: layout(
      'Reschedule',
      `<h1>Reschedule</h1>
<p>Currently: ${escapeHtml(when(invitee.start))}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${base}/reschedulings/${invitee.id}">
${slotFieldset()}
<button type="submit">Reschedule event</button>
</form>`,
    ),
  };
}

export async function submitReschedule(
  stack: StackContext,
  id: string,
  form: URLSearchParams,
): Promise<PageResult> {
  const old = activeInvitee(stack, id);
  if (!old) return notFound();
  const start = chosenStart(form);
  if (!start) return showReschedule(stack, id, 'Choose a time.');
  const next: Invitee = {
    ...old,
    id: schedulerId(),
    eventId: schedulerId(),
    start,
    end: new Date(start.getTime() + MINUTES * 60_000),
    oldInviteeId: old.id,
    newInviteeId: null,
  };
  old.status = 'canceled';
  old.newInviteeId = next.id;
  schedulerState(stack).invitees.set(next.id, next);
  // Calendly's order: the old invitee is cancelled (rescheduled: true), then the new one is created.
  await sendSchedulerEvent(stack, 'invitee.canceled', old);
  await sendSchedulerEvent(stack, 'invitee.created', next);
  return { status: 303, location: `${base}/invitees/${next.id}` };
}

export function showCancel(stack: StackContext, id: string): PageResult {
  const invitee = activeInvitee(stack, id);
  if (!invitee) return notFound();
  return {
    status: 200,
    html: layout(
      'Cancel',
      `<h1>Cancel event</h1>
<p>${escapeHtml(invitee.eventType)}, ${escapeHtml(when(invitee.start))}</p>
<form method="post" action="${base}/cancellations/${invitee.id}">
<button type="submit">Cancel event</button>
</form>`,
    ),
  };
}

export async function submitCancel(stack: StackContext, id: string): Promise<PageResult> {
  const invitee = activeInvitee(stack, id);
  if (!invitee) return notFound();
  invitee.status = 'canceled';
  await sendSchedulerEvent(stack, 'invitee.canceled', invitee);
  return { status: 303, location: `${base}/invitees/${invitee.id}` };
}
