import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { supabaseEnv as env } from '@/config/supabase-env';
import { fullNameOf } from './full-name';

/**
 * The localStorage key supabase-js keeps the session under. Named explicitly so the auth provider can tell
 * from storage alone, before supabase-js has loaded, whether someone is signed in.
 */
export const AUTH_STORAGE_KEY = 'hypnotherapy-auth';

type ClientListener = (client: SupabaseClient) => void;

let clientPromise: Promise<SupabaseClient> | undefined;
let loadedClient: SupabaseClient | undefined;
const listeners = new Set<ClientListener>();

// Requests the client has sent and not yet had answered, and whether this device is signing out: a sign-out
// lets the requests already sent in the session's name be answered first, and nothing new asks in its name
// meanwhile, so none is refused half-way (a 401 or 403 for a session that has just ended).
const inFlight = new Set<Promise<unknown>>();
let signingOut = false;
/** How long a sign-out waits at most for requests already sent. */
export const SIGN_OUT_WAIT_MS = 2000;

const trackedFetch: typeof fetch = (input, init) => {
  const request = fetch(input, init);
  inFlight.add(request);
  const done = () => inFlight.delete(request);
  request.then(done, done);
  return request;
};

function requestsAnswered(limitMs: number): Promise<void> {
  if (inFlight.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    void Promise.allSettled([...inFlight]).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * The one configured Supabase client, created on first use. supabase-js is loaded with a dynamic import so
 * it stays out of the marketing pages' first JavaScript (docs/architecture.md "Budgets").
 */
export function getSupabase(): Promise<SupabaseClient> {
  clientPromise ??= import('@supabase/supabase-js').then(
    ({ createClient }) => {
      const client = createClient(env.supabaseUrl, env.supabaseKey, {
        auth: {
          storageKey: AUTH_STORAGE_KEY,
          persistSession: true,
          autoRefreshToken: true,
          // PKCE: no session ever travels in a URL. Emailed links carry a token hash that /auth/confirm verifies
          // and a session in a URL is never picked up by itself, so nobody's session is replaced silently
          // (docs/auth-links.md).
          detectSessionInUrl: false,
          flowType: 'pkce',
        },
        global: { fetch: trackedFetch },
      });
      loadedClient = client;
      // Before anyone awaiting the client runs: the auth provider subscribes ahead of the first sign-in.
      listeners.forEach((listener) => listener(client));
      return client;
    },
    (error: unknown) => {
      clientPromise = undefined; // a failed chunk load may succeed on a later try
      throw error;
    },
  );
  return clientPromise;
}

/** Calls `listener` with the client once it exists (at once if it already does). */
export function onSupabaseLoaded(listener: ClientListener): () => void {
  listeners.add(listener);
  if (loadedClient) listener(loadedClient);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The client once a signed-in session is confirmed (refreshed first if its token had run out), or null when there
 * is none. Reads in an account's name ask this first: a page drawn from the device before the account check
 * (My Account offline at once) sends nothing for a session the server has ended, which would only be refused.
 * `load` gives the client to ask: the app's, or a test stack's (the player's position transport takes one).
 */
export async function getSignedInSupabase(
  load: () => Promise<SupabaseClient> = getSupabase,
): Promise<SupabaseClient | null> {
  return (await signedIn(load))?.client ?? null;
}

/** The confirmed session's user id (as getSignedInSupabase decides), or null: who a request is in the name of. */
export async function getSignedInUserId(): Promise<string | null> {
  return (await signedIn(getSupabase))?.session.user.id ?? null;
}

async function signedIn(
  load: () => Promise<SupabaseClient>,
): Promise<{ client: SupabaseClient; session: Session } | null> {
  if (signingOut) return null;
  const client = await load();
  const { data } = await client.auth.getSession();
  return data.session && !signingOut ? { client, session: data.session } : null;
}

/**
 * Ends this device's session (others stay signed in): after the requests already sent in its name are answered
 * (at most SIGN_OUT_WAIT_MS), and with nothing new asking in its name meanwhile (getSignedInSupabase answers
 * null). Answers supabase-js's error, if any.
 */
export async function signOutOfThisDevice(): Promise<{ error: Error | null }> {
  signingOut = true;
  try {
    const client = await getSupabase();
    await requestsAnswered(SIGN_OUT_WAIT_MS);
    return await client.auth.signOut({ scope: 'local' });
  } finally {
    signingOut = false;
  }
}

/** The user of the session supabase-js stored, read without loading supabase-js; null when none or unreadable. */
function readStoredSessionUser(): Record<string, unknown> | null {
  try {
    const raw = window.localStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const user = (JSON.parse(raw) as { user?: unknown } | null)?.user;
    return typeof user === 'object' && user !== null ? (user as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The user id of the session supabase-js stored, read without loading supabase-js; null when none. */
export function readStoredSessionUserId(): string | null {
  const id = readStoredSessionUser()?.id;
  return typeof id === 'string' && id !== '' ? id : null;
}

/** The email of the session supabase-js stored, read without loading supabase-js; null when none. */
export function readStoredSessionEmail(): string | null {
  const email = readStoredSessionUser()?.email;
  return typeof email === 'string' && email !== '' ? email : null;
}

/** The name the signed-in customer gave (My Account), as stored with the session; null when none or invalid. */
export function readStoredSessionName(): string | null {
  return fullNameOf(readStoredSessionUser()?.user_metadata);
}
