import { read } from './env';
import { LOCAL_STACK_URL } from './local-stack';

// The backend's address and public key, from Vite's build-time environment; by default the local stack's URL
// and its fixed, worthless demo key, so a fresh clone runs with no configuration.
// The Supabase CLI's well-known local anon key: public by design and useless outside a developer's machine.
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const supabaseEnv = {
  supabaseUrl: read('VITE_SUPABASE_URL') ?? LOCAL_STACK_URL,
  supabaseAnonKey: read('VITE_SUPABASE_ANON_KEY') ?? LOCAL_ANON_KEY,
} as const;
