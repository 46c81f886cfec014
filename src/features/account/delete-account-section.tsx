import { LoaderCircle, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/input-style';
import { accountText } from '@/content/account';
import { useDeleteAccount } from './account-api';
import { SectionCard } from '@/components/ui/section-card';

const text = accountText.delete;

interface DeleteDialogProps {
  onClose: () => void;
  onDeleted: () => void | Promise<void>;
}

/** The typed confirmation: a native modal <dialog> (focus kept inside, Escape closes it while idle). */
function DeleteAccountDialog({ onClose, onDeleted }: DeleteDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount(onDeleted);
  // Still 'deleting' once done: the dialog stays as it is until signing out takes the page away.
  const deleting = remove.isPending || remove.isSuccess;
  const error = remove.error ? remove.error.message || text.failed : null;
  const titleId = `${id}-title`;
  const textId = `${id}-text`;
  const inputId = `${id}-confirm`;
  const hintId = `${id}-hint`;
  const confirmed = typed.trim() === text.confirmWord;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const close = () => {
    if (!deleting) dialogRef.current?.close();
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirmed || deleting) return;
    remove.mutate(text.failed);
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onClose}
      onCancel={(event) => {
        if (deleting) event.preventDefault();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-xl border border-border bg-background p-0 text-foreground shadow-xl backdrop:bg-black/50"
    >
      <form onSubmit={submit} className="p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="font-serif text-2xl font-bold">
            {text.dialogTitle}
          </h2>
          <Button
            variant="ghost"
            size="icon"
            className="-mt-2 -mr-2"
            aria-label={text.close}
            onClick={close}
            disabled={deleting}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
        <p id={textId} className="mt-2 text-muted-foreground">
          {text.dialogText}
        </p>
        {error ? (
          <p
            role="alert"
            className="mt-4 rounded-lg border border-destructive bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive"
          >
            {error}
          </p>
        ) : null}
        <div className="mt-4 space-y-1.5">
          <label htmlFor={inputId} className="block text-sm font-semibold">
            {text.confirmLabel}
          </label>
          <input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby={hintId}
            disabled={deleting}
            className={inputClass}
          />
          <p id={hintId} className="text-sm text-muted-foreground">
            {text.confirmHint}
          </p>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={deleting}>
            {text.cancel}
          </Button>
          <Button
            type="submit"
            variant="destructive"
            disabled={!confirmed || deleting}
            aria-busy={deleting || undefined}
          >
            {deleting ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Trash2 aria-hidden="true" />
            )}
            {deleting ? text.deleting : text.confirm}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

interface DeleteAccountSectionProps {
  /** After the account is gone: tell the user and sign out. */
  onDeleted: () => void | Promise<void>;
}

/** 'Delete my account': what happens, then a typed confirmation in a dialog. */
export function DeleteAccountSection({ onDeleted }: DeleteAccountSectionProps) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <SectionCard id="delete-account" title={text.title} lead={text.lead}>
      <Button ref={triggerRef} variant="destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        {text.button}
      </Button>
      {open ? (
        <DeleteAccountDialog
          onClose={() => {
            setOpen(false);
            triggerRef.current?.focus();
          }}
          onDeleted={onDeleted}
        />
      ) : null}
    </SectionCard>
  );
}
