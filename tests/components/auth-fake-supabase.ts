import { vi } from 'vitest';

// A stand-in for the configured Supabase client, mocked at the src/lib/supabase.ts boundary by the auth
// component tests: vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule)).

type Listener = (event: string, session: FakeSession | null) => void;

export interface FakeSession {
  access_token: string;
  refresh_token: string;
  user: { id: string; email: string };
}

export interface QueryResult {
  data: unknown;
  error: { code?: string; message: string } | null;
}

export function sessionFor(email: string, id = `id-${email}`): FakeSession {
  return { access_token: `access-${id}`, refresh_token: `refresh-${id}`, user: { id, email } };
}

/** Chainable like PostgREST's builder; awaiting it gives the table's configured answer. */
function queryBuilder(result: () => QueryResult | Promise<QueryResult>) {
  const calls: [string, unknown[]][] = [];
  const builder = {
    calls,
    select: (...args: unknown[]) => (calls.push(['select', args]), builder),
    eq: (...args: unknown[]) => (calls.push(['eq', args]), builder),
    in: (...args: unknown[]) => (calls.push(['in', args]), builder),
    gte: (...args: unknown[]) => (calls.push(['gte', args]), builder),
    lte: (...args: unknown[]) => (calls.push(['lte', args]), builder),
    order: (...args: unknown[]) => (calls.push(['order', args]), builder),
    maybeSingle: (...args: unknown[]) => (calls.push(['maybeSingle', args]), builder),
    then: <T>(resolve: (value: QueryResult) => T, reject?: (reason: unknown) => T) =>
      Promise.resolve().then(result).then(resolve, reject),
  };
  return builder;
}

export function createFakeClient() {
  const listeners = new Set<Listener>();
  let session: FakeSession | null = null;
  const emit = (event: string, next: FakeSession | null) => {
    session = next;
    listeners.forEach((listener) => listener(event, next));
  };
  const tables: Record<string, () => QueryResult | Promise<QueryResult>> = {
    purchases: () => ({ data: [], error: null }),
    user_roles: () => ({ data: null, error: null }),
    listening_positions: () => ({ data: [], error: null }),
    listening_sessions: () => ({ data: [], error: null }),
    appointments: () => ({ data: [], error: null }),
    client_assignments: () => ({ data: [], error: null }),
    programme_progress: () => ({ data: [], error: null }),
    // The health form and the reminder settings (src/features/intake, src/features/reminders): none yet.
    intakes: () => ({ data: null, error: null }),
    client_settings: () => ({ data: null, error: null }),
  };
  // Database functions called with rpc(), by name: what each answers.
  const rpcs: Record<string, () => QueryResult | Promise<QueryResult>> = {
    my_locked_audio: () => ({ data: [], error: null }),
  };
  const queries: { table: string; calls: [string, unknown[]][] }[] = [];

  const auth = {
    onAuthStateChange: vi.fn((listener: Listener) => {
      listeners.add(listener);
      queueMicrotask(() => listener('INITIAL_SESSION', session));
      return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } };
    }),
    getSession: vi.fn(async () => ({ data: { session }, error: null })),
    setSession: vi.fn(async ({ access_token }: { access_token: string; refresh_token: string }) => {
      const next = sessionFor('linked@example.com');
      emit('SIGNED_IN', { ...next, access_token });
      return { data: { session: next }, error: null };
    }),
    signInWithPassword: vi.fn(async ({ email }: { email: string; password: string }) => {
      const next = sessionFor(email);
      emit('SIGNED_IN', next);
      return { data: { user: next.user, session: next }, error: null as { message: string } | null };
    }),
    signUp: vi.fn(async ({ email }: { email: string; password: string; options?: unknown }) => ({
      data: { user: { id: 'new', email }, session: null },
      error: null as { message: string } | null,
    })),
    resetPasswordForEmail: vi.fn(async (_email: string, _options?: unknown) => ({
      data: {},
      error: null as { message: string } | null,
    })),
    updateUser: vi.fn(async (_attributes: { password?: string; data?: Record<string, unknown> }) => ({
      data: { user: session?.user ?? null },
      error: null as { message: string } | null,
    })),
    verifyOtp: vi.fn(async (_params: { token_hash: string; type: string }) => {
      const next = sessionFor('recovering@example.com');
      emit('PASSWORD_RECOVERY', next);
      return { data: { session: next, user: next.user }, error: null as { message: string } | null };
    }),
    signOut: vi.fn(async (_options?: { scope: 'local' | 'global' | 'others' }) => {
      emit('SIGNED_OUT', null);
      return { error: null };
    }),
  };

  return {
    auth,
    tables,
    rpcs,
    queries,
    emit,
    get session() {
      return session;
    },
    set session(next: FakeSession | null) {
      session = next;
    },
    from: vi.fn((table: string) => {
      const builder = queryBuilder(() =>
        (tables[table] ?? (() => ({ data: null, error: { message: 'no table' } })))(),
      );
      queries.push({ table, calls: builder.calls });
      return builder;
    }),
    rpc: vi.fn(async (name: string) =>
      (rpcs[name] ?? (() => ({ data: null, error: { message: 'no function' } })))(),
    ),
  };
}

export type FakeClient = ReturnType<typeof createFakeClient>;

type ClientListener = (client: FakeClient) => void;

export const fake = {
  client: createFakeClient(),
  loaded: false,
  storedEmail: null as string | null,
  listeners: new Set<ClientListener>(),
  /** A fresh client and storage, for beforeEach. */
  reset() {
    fake.client = createFakeClient();
    fake.loaded = false;
    fake.storedEmail = null;
    fake.listeners.clear();
    supabaseModule.getSupabase.mockClear();
  },
};

export const supabaseModule = {
  AUTH_STORAGE_KEY: 'test-auth',
  getSupabase: vi.fn(async () => {
    if (!fake.loaded) {
      fake.loaded = true;
      fake.listeners.forEach((listener) => listener(fake.client));
    }
    return fake.client;
  }),
  // As the real module: the client only while a session is signed in.
  getSignedInSupabase: vi.fn(async () => {
    const client = await supabaseModule.getSupabase();
    const { data } = await client.auth.getSession();
    return data.session ? client : null;
  }),
  getSignedInUserId: vi.fn(async () => {
    const client = await supabaseModule.getSupabase();
    const { data } = await client.auth.getSession();
    return data.session?.user.id ?? null;
  }),
  // As the real module (whose waiting for requests in flight tests/unit/supabase-sign-out.test.ts covers).
  signOutOfThisDevice: vi.fn(async () => {
    const client = await supabaseModule.getSupabase();
    return client.auth.signOut({ scope: 'local' });
  }),
  onSupabaseLoaded: (listener: ClientListener) => {
    fake.listeners.add(listener);
    if (fake.loaded) listener(fake.client);
    return () => {
      fake.listeners.delete(listener);
    };
  },
  readStoredSessionEmail: () => fake.storedEmail,
  // The stored session's user, as the real module reads it (who is signed in, for account-device-data.ts).
  readStoredSessionUserId: () => (fake.storedEmail ? `id-${fake.storedEmail}` : null),
  readStoredSessionName: () => null,
};

/** A JSON answer of the auth service. */
export function gotrueAnswer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * The auth service's own endpoints, which link verification calls directly (src/features/auth/link-session.ts):
 * POST /verify, GET /user and POST /logout, stubbed on fetch. Call in beforeEach; vi.unstubAllGlobals after.
 */
export function stubGoTrue() {
  const gotrue = {
    verify: vi.fn(async (_body: Record<string, unknown>) =>
      gotrueAnswer(200, {
        access_token: 'link-access',
        refresh_token: 'link-refresh',
        user: { id: 'id-recovering@example.com', email: 'recovering@example.com' },
      }),
    ),
    user: vi.fn(async (_bearer: string) =>
      gotrueAnswer(200, { id: 'id-linked@example.com', email: 'linked@example.com' }),
    ),
    logout: vi.fn(async (_bearer: string) => new Response(null, { status: 204 })),
    /** PUT /auth/v1/user with a link's session (account-claim.ts). */
    setPassword: vi.fn(async (_bearer: string, _body: Record<string, unknown>) => gotrueAnswer(200, {})),
    /** POST /rest/v1/rpc/claim_my_account (account-claim.ts). */
    claim: vi.fn(async (_bearer: string, _body: Record<string, unknown>) => gotrueAnswer(200, 'owned')),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const bearer =
        (init?.headers as Record<string, string> | undefined)?.authorization?.replace(/^Bearer /, '') ?? '';
      if (url.pathname.endsWith('/auth/v1/verify'))
        return gotrue.verify(JSON.parse(String(init?.body)) as Record<string, unknown>);
      const body = () => JSON.parse(String(init?.body)) as Record<string, unknown>;
      if (url.pathname.endsWith('/auth/v1/user') && init?.method === 'PUT')
        return gotrue.setPassword(bearer, body());
      if (url.pathname.endsWith('/auth/v1/user')) return gotrue.user(bearer);
      if (url.pathname.endsWith('/rest/v1/rpc/claim_my_account')) return gotrue.claim(bearer, body());
      if (url.pathname.endsWith('/auth/v1/logout')) return gotrue.logout(bearer);
      throw new Error(`unexpected fetch ${url.pathname}`);
    }),
  );
  return gotrue;
}
