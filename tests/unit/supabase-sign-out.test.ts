import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Sign-out waits for the requests already sent in the session's name, and nothing new asks in its name
// meanwhile (src/lib/supabase.ts signOutOfThisDevice): none is refused half-way for a session just ended.

const created: { fetch?: typeof fetch; signOut: ReturnType<typeof vi.fn> } = { signOut: vi.fn() };

vi.mock('@supabase/supabase-js', () => ({
  createClient: (_url: string, _key: string, options: { global?: { fetch?: typeof fetch } }) => {
    created.fetch = options.global?.fetch;
    return {
      auth: {
        getSession: () => Promise.resolve({ data: { session: { user: { id: 'u1' } } } }),
        signOut: created.signOut,
      },
    };
  },
}));

describe('signing out of this device', () => {
  let answer: (response: Response) => void = () => undefined;

  beforeEach(() => {
    vi.resetModules();
    created.signOut = vi.fn(() => Promise.resolve({ error: null }));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    );
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('ends the session only once the request already sent is answered, and lends the session to nobody meanwhile', async () => {
    const supabase = await import('@/lib/supabase');
    await supabase.getSupabase();
    const request = created.fetch!('https://project.example/functions/v1/audio-url');

    const signingOut = supabase.signOutOfThisDevice();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(created.signOut).not.toHaveBeenCalled();
    expect(await supabase.getSignedInSupabase()).toBeNull();

    answer(new Response('{}'));
    await request;
    await expect(signingOut).resolves.toEqual({ error: null });
    expect(created.signOut).toHaveBeenCalledWith({ scope: 'local' });
    // Signed out (the fake keeps its session): the client is lent again once the sign-out is over.
    expect(await supabase.getSignedInSupabase()).not.toBeNull();
  });

  it('waits at most SIGN_OUT_WAIT_MS for a request that is never answered', async () => {
    vi.useFakeTimers();
    const supabase = await import('@/lib/supabase');
    await supabase.getSupabase();
    void created.fetch!('https://project.example/rest/v1/client_settings');

    const signingOut = supabase.signOutOfThisDevice();
    await vi.advanceTimersByTimeAsync(supabase.SIGN_OUT_WAIT_MS - 1);
    expect(created.signOut).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await signingOut;
    expect(created.signOut).toHaveBeenCalledTimes(1);
  });

  it('signs out at once when nothing is on its way', async () => {
    const supabase = await import('@/lib/supabase');
    await supabase.signOutOfThisDevice();
    expect(created.signOut).toHaveBeenCalledTimes(1);
  });
});
