// The email telling a client that their practitioner assigned them something (docs/programmes.md "Emails"):
// to an existing account, a link to My Account; to an email with no account yet, an invitation to create one
// (the assignment is linked when that account is confirmed). It names no programme or audio title: what
// someone practises can reveal a health condition (docs/product-rules.md D26 "Health data"), and email is not private.

export type AssignmentEmail = { subject: string; html: string; text: string };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function assignmentEmail(options: {
  practiceName: string;
  siteUrl: string;
  hasAccount: boolean;
  kind: 'programme' | 'audio';
}): AssignmentEmail {
  const { practiceName, siteUrl, hasAccount, kind } = options;
  const what = kind === 'programme' ? 'a programme of recordings' : 'a recording';
  const link = hasAccount
    ? `${siteUrl}/account#from-your-practitioner`
    : `${siteUrl}/auth?tab=signup&redirectTo=${encodeURIComponent('/account')}`;
  const subject = hasAccount
    ? `Your practitioner has shared ${what} with you`
    : `You are invited to ${practiceName}: your practitioner has shared ${what} with you`;
  const action = hasAccount
    ? "Open My Account and look under 'From your practitioner'."
    : "Create your account with this email address to see it under 'From your practitioner' in My Account.";
  const button = hasAccount ? 'Open My Account' : 'Create your account';
  const text = [
    `Hello,`,
    '',
    `Your practitioner at ${practiceName} has shared ${what} with you.`,
    action,
    '',
    link,
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:sans-serif;line-height:1.5">
<p>Hello,</p>
<p>Your practitioner at ${escapeHtml(practiceName)} has shared ${what} with you.</p>
<p>${escapeHtml(action)}</p>
<p><a href="${escapeHtml(link)}">${button}</a></p>
</body></html>`;
  return { subject, html, text };
}
