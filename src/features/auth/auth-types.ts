import type { Session } from '@supabase/supabase-js';

/** The signed-in visitor as the site shows them (docs/product-rules.md §3 "Session"). */
export interface AuthUser {
  email: string;
  isAdmin: boolean;
}

/** A bought audio as the app uses it (docs/product-rules.md §3 "Purchase"). */
export interface Purchase {
  id: string;
  title: string;
  category: string;
  /** YYYY-MM-DD */
  purchaseDate: string;
  price: number;
  /** From download_url; null when the row has none. */
  streamUrl: string | null;
  /** The catalogue product this purchase owns (its full audio streams through a signed URL); null if none. */
  productId: string | null;
  /** The order that granted it (how My Account shows what was paid for it); null or absent for none. */
  orderId?: string | null;
  /** Seconds: the catalogue's stored length of its audio, when known (docs/player.md "Length and seeking"). */
  duration?: number;
}

export interface AuthState {
  session: Session | null;
  user: AuthUser | null;
  /** Newest first. */
  purchases: Purchase[];
  /**
   * True until the session is known and, when signed in, the admin check has answered. While true, `user`
   * may be the provisional one read from storage (enough for the header, not for a guard).
   */
  loading: boolean;
}

export interface AuthContextValue extends AuthState {
  refreshPurchases: () => Promise<void>;
  signOut: () => Promise<void>;
}
