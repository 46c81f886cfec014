import { useSyncExternalStore } from 'react';

// Actions that destroy or grant are refused by the server ('reauthentication_needed': private.require_recent_sign_in
// in SQL, refund-order's own check) when the admin signed in over 10 minutes ago (docs/security.md "Destructive
// admin actions"). The dashboard then asks for the password (its ReauthDialog) and runs the action again. This is
// the dialog's state: one question at a time, shared by every action waiting on it, whichever feature sent it.

/** The server's answer (the SQL exception's message, or the function's `error`). */
export const REAUTHENTICATION_NEEDED = 'reauthentication_needed';

export function needsReauthentication(error: unknown): boolean {
  return error instanceof Error && error.message === REAUTHENTICATION_NEEDED;
}

let question: Promise<boolean> | null = null;
let answer: ((confirmed: boolean) => void) | null = null;
let hosts = 0;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Opens the dialog (or joins the open one); true once the password is confirmed, false if cancelled. */
export function askForPassword(): Promise<boolean> {
  // No dialog on the page (a test, or the dashboard gone): nothing can be confirmed.
  if (hosts === 0) return Promise.resolve(false);
  if (!question) {
    question = new Promise<boolean>((resolve) => {
      answer = resolve;
    });
    notify();
  }
  return question;
}

/** The dialog's answer: closes it and lets every waiting action go on (or fail). */
export function settlePasswordQuestion(confirmed: boolean): void {
  const resolve = answer;
  question = null;
  answer = null;
  notify();
  resolve?.(confirmed);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the dialog should show; the component that calls it is the dialog's host while mounted. */
export function usePasswordQuestion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => question !== null,
    () => false,
  );
}

/** Marks a dialog as mounted (returns the cleanup). */
export function hostPasswordQuestion(): () => void {
  hosts += 1;
  return () => {
    hosts -= 1;
    if (hosts === 0 && question) settlePasswordQuestion(false);
  };
}

/**
 * Runs the action; when the server asks for a fresh sign-in, asks for the password and runs it once more.
 * Cancelling throws `cancelled(message)`'s error, so the action's own error handling shows why nothing changed.
 */
export async function withReauthentication<T>(run: () => Promise<T>, cancelled: () => Error): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!needsReauthentication(error)) throw error;
    if (!(await askForPassword())) throw cancelled();
    return run();
  }
}
