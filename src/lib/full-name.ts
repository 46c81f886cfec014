// The customer's name, kept in the auth user's metadata as `full_name` (docs/customer-name.md). Small and
// free of copy: the booking prefill on marketing pages uses it too.

export const FULL_NAME_MAX_LENGTH = 100;

/** The metadata key supabase-js stores the name under (`auth.updateUser({ data: { full_name } })`). */
export const FULL_NAME_KEY = 'full_name';

export type FullNameCheck = { ok: true; name: string } | { ok: false; problem: 'empty' | 'too-long' };

/** Trimmed, 1 to 100 characters (counted as the visitor sees them, so an emoji is one). */
export function checkFullName(raw: string): FullNameCheck {
  const name = raw.trim();
  if (name === '') return { ok: false, problem: 'empty' };
  if ([...name].length > FULL_NAME_MAX_LENGTH) return { ok: false, problem: 'too-long' };
  return { ok: true, name };
}

/** The valid name in a user's metadata, else null: metadata can be written past this site's form. */
export function fullNameOf(metadata: unknown): string | null {
  if (typeof metadata !== 'object' || metadata === null) return null;
  const value = (metadata as Record<string, unknown>)[FULL_NAME_KEY];
  if (typeof value !== 'string') return null;
  const check = checkFullName(value);
  return check.ok ? check.name : null;
}
