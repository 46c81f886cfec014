// Deploy-specific values, read once from Vite's build-time environment. Everything has a neutral default so
// a fresh clone runs with no configuration (the local stack's URL and its fixed, worthless demo key).
const LOCAL_STACK_URL = 'http://localhost:54321';
// The Supabase CLI's well-known local anon key: public by design and useless outside a developer's machine.
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

function read(name: string): string | undefined {
  const value = (import.meta.env as Record<string, string | undefined>)[name];
  return value && value.trim() !== '' ? value.trim() : undefined;
}

function originOf(value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  try {
    return new URL(value).origin;
  } catch {
    throw new Error(`VITE_SITE_ORIGIN must be an absolute URL, got "${value}"`);
  }
}

export const env = {
  siteOrigin: originOf(read('VITE_SITE_ORIGIN'), 'http://localhost:4173'),
  supabaseUrl: read('VITE_SUPABASE_URL') ?? LOCAL_STACK_URL,
  supabaseAnonKey: read('VITE_SUPABASE_ANON_KEY') ?? LOCAL_ANON_KEY,
  practiceName: read('VITE_PRACTICE_NAME'),
  practitionerName: read('VITE_PRACTITIONER_NAME'),
  contactEmail: read('VITE_CONTACT_EMAIL'),
  contactPhone: read('VITE_CONTACT_PHONE'),
  schedulerUsername: read('VITE_SCHEDULER_USERNAME'),
  professionalProfileUrl: read('VITE_PROFESSIONAL_PROFILE_URL'),
} as const;
