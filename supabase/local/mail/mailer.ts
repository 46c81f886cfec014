import { readFileSync } from 'node:fs';
import type { Transaction } from '../db/engine.ts';
import type { StackContext } from '../stack-context.ts';

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

/** Used only when config.toml names no template for a kind: GoTrue's own default wording. */
const DEFAULT_TEMPLATES: Record<'confirmation' | 'recovery', Template> = {
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

/** What GoTrue substitutes into a template ({{ .ConfirmationURL }} and the rest). */
export type TemplateValues = {
  ConfirmationURL: string;
  Email: string;
  NewEmail?: string;
  SiteURL: string;
  RedirectTo: string;
  TokenHash: string;
};

/** Fills GoTrue's template variables ({{ .Name }}), HTML-escaped; an unknown variable is an error, not blank. */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{\{\s*([^}]*?)\s*\}\}/g, (_whole, expression: string) => {
    const name = /^\.(\w+)$/.exec(expression)?.[1];
    const value = name ? (values as Record<string, string | undefined>)[name] : undefined;
    if (value === undefined)
      throw new Error(`email template uses {{ ${expression} }}, which the local stack does not fill`);
    return escapeHtml(value);
  });
}

/** A plain-text part from the rendered HTML: text with each link written out on its own line. */
export function htmlToText(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return body
    .replace(/<div style="display:none[^"]*">[\s\S]*?<\/div>/i, '')
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_a, href: string, label: string) =>
      label.trim() === href ? `\n${href}\n` : `${label}:\n${href}\n`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h1|h2|tr|td)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_e, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const templateCache = new Map<string, string>();
function readTemplate(file: string): string {
  let text = templateCache.get(file);
  if (text === undefined) {
    text = readFileSync(file, 'utf8');
    templateCache.set(file, text);
  }
  return text;
}

/** Where the configured templates and the site URL come from (the stack's context). */
export type MailerContext = Pick<StackContext, 'config' | 'siteUrl'>;

/**
 * The email GoTrue would send: the practice's template from config.toml ([auth.email.template.<kind>]) with
 * its variables filled, or GoTrue's default wording when none is configured. The text part adds the token
 * hash for `?token=` links.
 */
export function authEmail(
  kind: 'confirmation' | 'recovery',
  to: string,
  link: string,
  tokenHash: string,
  expiresInHours: number,
  context?: MailerContext,
  redirectTo = '',
): Email {
  const tokenLine = `Token hash (for a link of the form ?token=<hash>&type=${kind === 'recovery' ? 'recovery' : 'signup'}): ${tokenHash}`;
  const configured = context?.config.emailTemplates?.[kind];
  if (configured && context) {
    const html = renderTemplate(readTemplate(configured.contentPath), {
      ConfirmationURL: link,
      Email: to,
      SiteURL: context.siteUrl,
      RedirectTo: redirectTo || context.siteUrl,
      TokenHash: tokenHash,
    });
    // The practice's templates link to the site's /auth/confirm with the token hash; GoTrue's own verify link
    // ({{ .ConfirmationURL }}) is added to the local text part only, for tests of the auth server itself.
    const text = `${htmlToText(html)}\n\n${tokenLine}\nLocal stack only, GoTrue's verify link: ${link}\n`;
    return { to, subject: configured.subject, text, html, link };
  }
  const t = DEFAULT_TEMPLATES[kind];
  const text =
    `${t.heading}\n\n${t.intro}\n\n${link}\n\n${tokenLine}\n\n` +
    `The link can be used once and expires in ${expiresInHours} hours.\n`;
  const html =
    `<h2>${escapeHtml(t.heading)}</h2>\n<p>${escapeHtml(t.intro)}</p>\n` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>\n` +
    `<p>Token hash: <code>${escapeHtml(tokenHash)}</code></p>\n` +
    `<p>The link can be used once and expires in ${expiresInHours} hours.</p>\n`;
  return { to, subject: t.subject, text, html, link };
}
