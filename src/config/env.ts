// Deploy-specific values, read once from Vite's build-time environment. Everything has a neutral default so
// a fresh clone runs with no configuration. Supabase's are in supabase-env.ts: only code that talks to the
// backend needs them, and none of it is in a marketing page's first load.

export function read(name: string): string | undefined {
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
  practiceName: read('VITE_PRACTICE_NAME'),
  practitionerName: read('VITE_PRACTITIONER_NAME'),
  contactEmail: read('VITE_CONTACT_EMAIL'),
  contactPhone: read('VITE_CONTACT_PHONE'),
  professionalProfileUrl: read('VITE_PROFESSIONAL_PROFILE_URL'),
} as const;
