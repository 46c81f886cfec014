/** What the header needs to know about the visitor; the app layout supplies it from the auth provider. */
export interface HeaderUser {
  email: string;
  isAdmin: boolean;
}

export interface HeaderState {
  user: HeaderUser | null;
  cartCount: number;
  onSignOut: () => void;
}

/** Avatar text: the email's first letter and the part before the at-sign (docs/product-rules.md §2). */
export function avatarParts(email: string): { initial: string; name: string } {
  const name = email.split('@')[0] ?? email;
  return { initial: (email.charAt(0) || '?').toUpperCase(), name };
}
