// The sign-up proof (docs/security.md "Pre-registered accounts"): the browser that signs up keeps a random value
// and the sign-up stores only its sha-256 in the account's metadata. A confirmation link opened in the same
// browser presents the value, which shows the server that the person confirming is the one who chose the
// password: the account is theirs at once, with no second password step. A stranger who registered the address
// first cannot present it, and confirming elsewhere asks for a password instead.
const STORAGE_KEY = 'signup-proofs';

type Proofs = Record<string, string>;

function read(): Proofs {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Proofs) : {};
  } catch {
    return {};
  }
}

function write(proofs: Proofs): void {
  try {
    if (Object.keys(proofs).length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(proofs));
  } catch {
    // Storage refused (private mode, full): confirming then asks for the password, which is still safe.
  }
}

const key = (email: string) => email.trim().toLowerCase();

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Keeps a new proof for this address in this browser; its sha-256 goes with the sign-up. */
export async function newSignupProof(email: string): Promise<string> {
  const value = base64url(crypto.getRandomValues(new Uint8Array(32)));
  write({ ...read(), [key(email)]: value });
  return sha256Hex(value);
}

/** The proof this browser kept for the address, if it signed it up. */
export function signupProofFor(email: string): string | null {
  return read()[key(email)] ?? null;
}

/** Once the account is its owner's, the proof has done its job. */
export function forgetSignupProof(email: string): void {
  const proofs = read();
  delete proofs[key(email)];
  write(proofs);
}
