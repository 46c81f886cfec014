import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { describedBy, Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/input-style';
import { reauthText as text } from '@/content/admin';
import { confirmOwnPassword } from './api/confirm-password';
import { hostPasswordQuestion, settlePasswordQuestion, usePasswordQuestion } from '@/lib/admin-api/reauth';

/**
 * Asks for the admin's password again when an action that removes or grants was refused for an old sign-in
 * (src/lib/admin-api/reauth.ts). Confirming signs them in afresh and the action goes ahead; Cancel (or Escape) leaves it
 * undone. The focus starts in the password field and goes back to the control that started the action.
 */
export function ReauthDialog() {
  const open = usePasswordQuestion();
  const fieldId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => hostPasswordQuestion(), []);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);

  /** Closes the question (the password never stays in the form) and lets the waiting actions go on or fail. */
  function close(confirmed: boolean) {
    setPassword('');
    setError(null);
    settlePasswordQuestion(confirmed);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(text.passwordRequired);
      input.current?.focus();
      return;
    }
    setChecking(true);
    const result = await confirmOwnPassword(password);
    setChecking(false);
    if (result === 'confirmed') {
      close(true);
      return;
    }
    setError(result === 'wrong' ? text.wrongPassword : text.failed);
    input.current?.select();
    input.current?.focus();
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !checking && close(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            input.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) focusWhenEnabled(opener.current);
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border-2 border-border bg-background p-6 text-foreground shadow-xl"
        >
          <Dialog.Title className="font-serif text-xl font-semibold">{text.title}</Dialog.Title>
          <Dialog.Description className="mt-3 text-base text-muted-foreground">
            {text.body}
          </Dialog.Description>
          <form className="mt-5 space-y-5" onSubmit={(event) => void submit(event)} noValidate>
            <Field id={fieldId} label={text.passwordLabel} error={error}>
              <input
                ref={input}
                id={fieldId}
                type="password"
                autoComplete="current-password"
                className={inputClass}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                {...describedBy(fieldId, error)}
              />
            </Field>
            <div className="flex flex-wrap justify-end gap-3">
              <Dialog.Close asChild>
                <Button type="button" variant="secondary" disabled={checking}>
                  {text.cancel}
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={checking}>
                {checking ? text.confirming : text.confirm}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Focuses the control that started the action; while that action is still settling its button is disabled, so
 * the focus waits (briefly) until it is enabled again rather than being lost to the page.
 */
function focusWhenEnabled(element: HTMLElement) {
  const disabled = () => element instanceof HTMLButtonElement && element.disabled;
  if (!disabled()) {
    element.focus();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!element.isConnected || disabled()) return;
    observer.disconnect();
    if (document.activeElement === document.body || document.activeElement === null) element.focus();
  });
  observer.observe(element, { attributes: true, attributeFilter: ['disabled'] });
  setTimeout(() => observer.disconnect(), 5_000);
}
