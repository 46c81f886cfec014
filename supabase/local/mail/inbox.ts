import type { IncomingMessage, ServerResponse } from 'node:http';
import { send, sendJson } from '../http/util.ts';
import type { StackContext } from '../stack-context.ts';

export type InboxMessage = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
};

type OutboxRow = {
  id: number;
  to_email: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date;
};

export async function listInbox(stack: StackContext, to: string | null): Promise<InboxMessage[]> {
  const result = await stack.db.query<OutboxRow>(
    `select id::int as id, to_email, subject, text_body, html_body, created_at from auth.email_outbox
     where $1::text is null or lower(to_email) = lower($1::text)
     order by id desc limit 500`,
    [to],
  );
  return result.rows.map((row) => ({
    id: row.id,
    to: row.to_email,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    created_at: row.created_at.toISOString(),
  }));
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(messages: InboxMessage[], to: string | null): string {
  const items = messages
    .map(
      (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong> to <span>${escapeHtml(m.to)}</span>
  <time datetime="${m.created_at}">${escapeHtml(m.created_at.replace('T', ' ').slice(0, 19))} UTC</time></header>
  ${m.html}
</article>`,
    )
    .join('\n');
  const filter = to ? ` for ${escapeHtml(to)} (<a href="?">show all</a>)` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local inbox</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937; }
  article { border: 1px solid #d1d5db; border-radius: 0.5rem; padding: 1rem; margin: 1rem 0; }
  header { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: baseline; }
  time { color: #4b5563; font-size: 0.875rem; margin-left: auto; }
  a { color: #1d4ed8; word-break: break-all; }
  code { word-break: break-all; }
</style>
</head>
<body>
<h1>Local inbox</h1>
<p>Every email the local stack would have sent, newest first${filter}. JSON: <a href="/_local/inbox/messages">/_local/inbox/messages</a>.</p>
${items || '<p>No emails yet.</p>'}
</body>
</html>`;
}

/** `/_local/inbox` (HTML) and `/_local/inbox/messages` (JSON), both with an optional `?to=` filter. */
export async function handleInbox(
  stack: StackContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  path: string,
): Promise<void> {
  const to = url.searchParams.get('to');
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return sendJson(res, 405, { message: 'Method not allowed' });
  if (path === '/messages' || path === '/messages/')
    return sendJson(res, 200, await listInbox(stack, to), { 'cache-control': 'no-store' });
  if (path === '' || path === '/') {
    return send(
      res,
      200,
      page(await listInbox(stack, to), to),
      {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        // The page shows stored HTML emails: no scripts may run in it.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      },
      req.method,
    );
  }
  return sendJson(res, 404, { message: 'Not found' });
}
