import { keyModelFromEnv, publicKeyOf, SECRET_KEY, SERVICE_ROLE_KEY } from '../supabase/local/keys';

/** The key the site sends as `apikey` to the stack these tests run against (its key model: SUPABASE_LOCAL_KEYS). */
export const PUBLIC_KEY = publicKeyOf(keyModelFromEnv());

/** A secret key of the stack (its key model), as the hosted schedule sends it to send-reminders. */
export const SECRET_KEY_FOR_SCHEDULE = keyModelFromEnv() === 'legacy' ? SERVICE_ROLE_KEY : SECRET_KEY;
