import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStackConfig, parseToml, toStackConfig } from '../../supabase/local/config-toml';
import { authEmail, htmlToText, renderTemplate } from '../../supabase/local/mail/mailer';

// The practice's auth emails: supabase/templates/*.html named in config.toml (the Supabase CLI's layout, so a
// hosted project sends the same), and the local stack filling GoTrue's variables the way GoTrue would.

const root = process.cwd();
const config = loadStackConfig(path.join(root, 'supabase/config.toml'));
const context = { config, siteUrl: 'http://localhost:4173' };
const link =
  'http://localhost:54321/auth/v1/verify?token=abc123&type=signup&redirect_to=http%3A%2F%2Flocalhost%3A4173%2F';
const tokenHash = 'a'.repeat(64);

describe('config.toml email templates', () => {
  it('names a template file and subject for confirmation, recovery and email change', () => {
    for (const kind of ['confirmation', 'recovery', 'email_change'] as const) {
      const template = config.emailTemplates[kind];
      expect(template?.contentPath).toBe(path.join(root, 'supabase/templates', `${kind}.html`));
      // PKCE with token-hash verification on the site's own route (docs/auth-links.md): no GoTrue redirect
      // that could bring a session in a URL.
      const html = readFileSync(template!.contentPath, 'utf8');
      const type = { confirmation: 'email', recovery: 'recovery', email_change: 'email_change' }[kind];
      expect(html).toContain(
        // `next`: where the person was going, so the link returns them there (docs/auth-links.md).
        `href="{{ .SiteURL }}/auth/confirm?token_hash={{ .TokenHash }}&amp;type=${type}&amp;next={{ .RedirectTo }}"`,
      );
      expect(html).not.toContain('{{ .ConfirmationURL }}');
    }
    // The subjects the inbox tests look for.
    expect(config.emailTemplates.confirmation?.subject).toBe('Confirm Your Signup');
    expect(config.emailTemplates.recovery?.subject).toBe('Reset Your Password');
  });

  it('resolves content_path from the project root, as the CLI does', () => {
    const parsed = toStackConfig(
      parseToml(
        '[auth.email.template.recovery]\nsubject = "S"\ncontent_path = "./supabase/templates/recovery.html"\n',
      ),
      '/project',
    );
    expect(parsed.emailTemplates).toEqual({
      recovery: { subject: 'S', contentPath: path.resolve('/project/supabase/templates/recovery.html') },
    });
    expect(toStackConfig(parseToml('')).emailTemplates).toEqual({});
  });

  it('every template names the practice and uses only variables GoTrue fills', () => {
    for (const kind of ['confirmation', 'recovery', 'email_change'] as const) {
      const text = readFileSync(config.emailTemplates[kind]!.contentPath, 'utf8');
      expect(text).toContain('Mindful Change Hypnotherapy');
      const variables = [...text.matchAll(/\{\{\s*\.(\w+)\s*\}\}/g)].map((match) => match[1]);
      for (const variable of variables) {
        expect([
          'ConfirmationURL',
          'Email',
          'NewEmail',
          'SiteURL',
          'Token',
          'TokenHash',
          'RedirectTo',
        ]).toContain(variable);
      }
      expect(text).not.toMatch(/confirm your user|confirm your mail/i);
    }
  });
});

describe('the local stack renders them', () => {
  it('confirmation: the subject, the practice, the address and the link, escaped in HTML and plain in text', () => {
    const email = authEmail('confirmation', 'new@example.com', link, tokenHash, 24, context);
    expect(email.subject).toBe('Confirm Your Signup');
    expect(email.html).toContain('Mindful Change Hypnotherapy');
    expect(email.html).toContain('new@example.com');
    // No redirect asked for: the link returns to the site itself.
    const confirmLink = `${context.siteUrl}/auth/confirm?token_hash=${tokenHash}&type=email&next=${context.siteUrl}`;
    expect(email.html).toContain(`href="${confirmLink.replaceAll('&', '&amp;')}"`);
    expect(email.html).not.toContain(link.replace(/&/g, '&#38;'));
    expect(email.html).not.toContain('{{');
    expect(email.text).toContain('Confirm your email address');
    expect(email.text).toContain(`\n${confirmLink}\n`);
    // What the contract and e2e helpers read from the text part.
    expect(/(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(email.text)?.[1]).toBe(link);
    expect(/Token hash[^:]*: ([0-9a-f]{64})/.exec(email.text)?.[1]).toBe(tokenHash);
  });

  it('recovery: its own subject and wording', () => {
    const email = authEmail('recovery', 'back@example.com', link, tokenHash, 24, context);
    expect(email.subject).toBe('Reset Your Password');
    expect(email.text).toContain('Reset your password');
    expect(email.text).toContain('Mindful Change Hypnotherapy');
  });

  it("falls back to GoTrue's default wording when no template is configured", () => {
    const email = authEmail('confirmation', 'x@example.com', link, tokenHash, 24, {
      config: { ...config, emailTemplates: {} },
      siteUrl: 'http://localhost:4173',
    });
    expect(email.subject).toBe('Confirm Your Signup');
    expect(email.text).toContain('Follow this link to confirm your user');
  });

  it('escapes values and refuses a variable it cannot fill', () => {
    const values = {
      ConfirmationURL: 'https://x/?a=1&b=2',
      Email: '<b>@example.com',
      SiteURL: 's',
      RedirectTo: 'r',
      TokenHash: 'h',
    };
    expect(renderTemplate('{{ .Email }} {{.ConfirmationURL}}', values)).toBe(
      '&#60;b&#62;@example.com https://x/?a=1&#38;b=2',
    );
    expect(() => renderTemplate('{{ .Data.name }}', values)).toThrow(/does not fill/);
    expect(htmlToText('<p>Go <a href="https://x/?a=1&#38;b=2">here</a></p>')).toBe(
      'Go here:\nhttps://x/?a=1&b=2',
    );
  });
});
