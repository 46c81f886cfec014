import type { Transaction } from '@electric-sql/pglite';
import type { StackContext } from './stack-context.ts';

export type Email = { to: string; subject: string; text: string; html: string; link: string };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * "Sends" an email: stores it in the outbox (shown at /_local/inbox) inside the caller's transaction, so a
 * rolled-back sign-up leaves no email behind, and prints the link.
 */
export async function sendEmail(stack: StackContext, tx: Transaction, email: Email): Promise<void> {
  await tx.query(
    'insert into auth.email_outbox (to_email, subject, text_body, html_body) values ($1, $2, $3, $4)',
    [email.to, email.subject, email.text, email.html],
  );
  stack.log(`[inbox] ${email.subject} → ${email.to}: ${email.link}`);
}

type Template = { subject: string; heading: string; intro: string; action: string };

const TEMPLATES: Record<'confirmation' | 'recovery', Template> = {
  confirmation: {
    subject: 'Confirm Your Signup',
    heading: 'Confirm your signup',
    intro: 'Follow this link to confirm your user:',
    action: 'Confirm your mail',
  },
  recovery: {
    subject: 'Reset Your Password',
    heading: 'Reset Password',
    intro: 'Follow this link to reset the password for your user:',
    action: 'Reset Password',
  },
};

/** The email GoTrue's default templates would send, with the token hash added for `?token=` links. */
export function authEmail(
  kind: 'confirmation' | 'recovery',
  to: string,
  link: string,
  tokenHash: string,
  expiresInHours: number,
): Email {
  const t = TEMPLATES[kind];
  const text =
    `${t.heading}\n\n${t.intro}\n\n${link}\n\n` +
    `Token hash (for a link of the form ?token=<hash>&type=${kind === 'recovery' ? 'recovery' : 'signup'}): ${tokenHash}\n\n` +
    `The link can be used once and expires in ${expiresInHours} hours.\n`;
  const html =
    `<h2>${escapeHtml(t.heading)}</h2>\n<p>${escapeHtml(t.intro)}</p>\n` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>\n` +
    `<p>Token hash: <code>${escapeHtml(tokenHash)}</code></p>\n` +
    `<p>The link can be used once and expires in ${expiresInHours} hours.</p>\n`;
  return { to, subject: t.subject, text, html, link };
}
