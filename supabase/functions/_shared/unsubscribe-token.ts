// The token in a step reminder's unsubscribe link (docs/intake-and-reminders.md "Programme step reminders"):
// HMAC-SHA256 of the user id under the project's secret key, so the link switches the reminders off without
// signing in and cannot be made for anyone else. Every current secret key is tried, so a link sent before a
// key rotation works until the old key is deleted.
import { secretKey, secretKeys } from './keys.ts';

const PURPOSE = 'step-reminders-off:';

async function sign(key: string, userId: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', cryptoKey, new TextEncoder().encode(PURPOSE + userId)),
  );
  return btoa(String.fromCharCode(...mac))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function unsubscribeToken(userId: string): Promise<string> {
  return sign(secretKey(), userId);
}

function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

export async function verifyUnsubscribeToken(userId: string, token: string): Promise<boolean> {
  let matched = false;
  for (const key of secretKeys()) {
    if (sameText(await sign(key, userId), token)) matched = true;
  }
  return matched;
}
