import { read } from './env';
import { LOCAL_STACK_URL } from './local-stack';

// The backend's address and public key, from Vite's build-time environment; by default the local stack's URL
// and its fixed, worthless demo key, so a fresh clone runs with no configuration.
// The Supabase CLI's well-known local keys, public by design and useless outside a developer's machine: the
// publishable key the local stack has by default, and the legacy anon key of its legacy mode
// (SUPABASE_LOCAL_KEYS=legacy, which `npm start` passes to the build as VITE_SUPABASE_LOCAL_KEYS).
const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/**
 * The key the browser sends as `apikey`: a project's publishable key (`sb_publishable_…`), or, for an older
 * project that still has only its legacy keys, the anon key (README "Deployment").
 */
function publicKey(): string {
  const local = read('VITE_SUPABASE_LOCAL_KEYS') === 'legacy' ? LOCAL_ANON_KEY : LOCAL_PUBLISHABLE_KEY;
  return read('VITE_SUPABASE_PUBLISHABLE_KEY') ?? read('VITE_SUPABASE_ANON_KEY') ?? local;
}

export const supabaseEnv = {
  supabaseUrl: read('VITE_SUPABASE_URL') ?? LOCAL_STACK_URL,
  supabaseKey: publicKey(),
} as const;
