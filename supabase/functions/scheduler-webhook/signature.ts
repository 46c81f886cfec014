// Calendly's webhook signature (docs/appointments.md): `Calendly-Webhook-Signature: t=<unix seconds>,v1=<hex
// HMAC-SHA256 of "<t>.<raw body>" with the subscription's signing key>`. Web Crypto only, so the same module runs
// on Deno (the function) and Node (the local stand-in signs with it, the tests too).

/** How old a delivery may be (seconds), either way, before it is refused as stale. */
export const SIGNATURE_TOLERANCE_SECONDS = 180;

export type SignatureCheck =
  | { ok: true; timestamp: number; signature: string }
  | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

const encoder = new TextEncoder();

async function hmacHex(key: string, message: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Compares two hex strings in time independent of where they differ. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** Verifies the header against the raw body, the key and the clock (unix seconds). */
export async function verifySchedulerSignature(
  header: string | null,
  body: string,
  key: string,
  nowSeconds: number,
): Promise<SignatureCheck> {
  if (!header) return { ok: false, reason: 'missing' };
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const index = part.indexOf('=');
    if (index > 0) parts.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  const t = parts.get('t') ?? '';
  const v1 = (parts.get('v1') ?? '').toLowerCase();
  if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) return { ok: false, reason: 'malformed' };
  const timestamp = Number(t);
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: 'stale' };
  if (!sameHex(await hmacHex(key, `${t}.${body}`), v1)) return { ok: false, reason: 'mismatch' };
  return { ok: true, timestamp, signature: v1 };
}
