import { useCallback, useEffect, useRef, useState } from 'react';
import { getSupabase, signOutOfThisDevice } from '@/lib/supabase';
import {
  adoptLinkSession,
  currentAccount,
  discardLinkSession,
  needsConsent,
  type LinkFailure,
  type LinkResult,
  type LinkSession,
} from './link-session';

export type LinkSessionState =
  | { name: 'checking' }
  | { name: 'invalid'; reason: LinkFailure | 'adopt_failed' }
  | { name: 'ask'; currentEmail: string; incoming: LinkSession }
  | { name: 'ready' }
  | { name: 'stayed' };

export interface LinkSessionControls {
  state: LinkSessionState;
  /** The visitor agreed to leave their account for the link's. */
  switchAccount: () => void;
  /** The visitor keeps their account; the link's session is ended. */
  stay: () => void;
}

/**
 * Obtains a link's session once (a one-time token is spent once, also under StrictMode), then adopts it when
 * nobody or the same account is signed in, and otherwise asks (docs/auth-links.md). `obtain` returning null
 * means the link holds nothing to verify: the state stays 'checking' and the caller shows its own error.
 */
export function useLinkSession(obtain: (() => Promise<LinkResult>) | null): LinkSessionControls {
  const [state, setState] = useState<LinkSessionState>({ name: 'checking' });
  const started = useRef<Promise<LinkResult> | null>(null);

  useEffect(() => {
    if (!obtain) return;
    let active = true;
    started.current ??= obtain();
    void started.current.then(async (result) => {
      if (!active) return;
      if (!result.ok) {
        setState({ name: 'invalid', reason: result.reason });
        return;
      }
      try {
        const client = await getSupabase();
        const current = await currentAccount(client);
        if (!active) return;
        if (needsConsent(current, result.session)) {
          setState({ name: 'ask', currentEmail: current?.email ?? '', incoming: result.session });
          return;
        }
        const adopted = await adoptLinkSession(client, result.session);
        if (active) setState(adopted ? { name: 'ready' } : { name: 'invalid', reason: 'adopt_failed' });
      } catch {
        if (active) setState({ name: 'invalid', reason: 'failed' });
      }
    });
    return () => {
      active = false;
    };
  }, [obtain]);

  const switchAccount = useCallback(() => {
    if (state.name !== 'ask') return;
    const incoming = state.incoming;
    setState({ name: 'checking' });
    void (async () => {
      try {
        await signOutOfThisDevice();
        const client = await getSupabase();
        const adopted = await adoptLinkSession(client, incoming);
        setState(adopted ? { name: 'ready' } : { name: 'invalid', reason: 'adopt_failed' });
      } catch {
        setState({ name: 'invalid', reason: 'failed' });
      }
    })();
  }, [state]);

  const stay = useCallback(() => {
    if (state.name !== 'ask') return;
    void discardLinkSession(state.incoming);
    setState({ name: 'stayed' });
  }, [state]);

  return { state, switchAccount, stay };
}
