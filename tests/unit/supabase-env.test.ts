import { afterEach, describe, expect, it, vi } from 'vitest';

// The key the browser sends: a project's publishable key first, an older project's anon key when that is all
// it sets (docs/deployment.md "API keys and JWT signing keys").
async function keyWith(env: Record<string, string>): Promise<string> {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const { supabaseEnv } = await import('@/config/supabase-env');
  return supabaseEnv.supabaseKey;
}

describe('supabaseEnv.supabaseKey', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('prefers VITE_SUPABASE_PUBLISHABLE_KEY over the legacy anon key', async () => {
    expect(
      await keyWith({ VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_new', VITE_SUPABASE_ANON_KEY: 'eyJ.legacy' }),
    ).toBe('sb_publishable_new');
  });

  it('still accepts VITE_SUPABASE_ANON_KEY alone (an older project)', async () => {
    expect(await keyWith({ VITE_SUPABASE_PUBLISHABLE_KEY: '', VITE_SUPABASE_ANON_KEY: 'eyJ.legacy' })).toBe(
      'eyJ.legacy',
    );
  });

  it('defaults to the local stack\'s publishable key, or its anon key when built for the legacy mode', async () => {
    const none = { VITE_SUPABASE_PUBLISHABLE_KEY: '', VITE_SUPABASE_ANON_KEY: '' };
    expect(await keyWith({ ...none, VITE_SUPABASE_LOCAL_KEYS: '' })).toMatch(/^sb_publishable_/);
    expect(await keyWith({ ...none, VITE_SUPABASE_LOCAL_KEYS: 'legacy' })).toMatch(/^eyJ/);
  });
});
