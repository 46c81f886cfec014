/// <reference types="vite/client" />

declare const __BUILD_DATE__: string;

interface ImportMetaEnv {
  readonly VITE_SITE_ORIGIN?: string;
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_PUBLISHABLE_KEY?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_SUPABASE_LOCAL_KEYS?: string;
  readonly VITE_PRACTICE_NAME?: string;
  readonly VITE_PRACTITIONER_NAME?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_CONTACT_PHONE?: string;
  readonly VITE_SCHEDULER_USERNAME?: string;
  readonly VITE_PROFESSIONAL_PROFILE_URL?: string;
}
