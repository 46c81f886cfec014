import * as Dialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef } from 'react';
import { listeningSafetyText } from '@/content/player';

interface SafetyNoticeProps {
  open: boolean;
  onAcknowledge: () => void;
  onCancel: () => void;
}

/** The one-time notice before the first play (docs/product-rules.md D24 "Listening safety"); remembered once acknowledged. */
export function SafetyNotice({ open, onAcknowledge, onCancel }: SafetyNoticeProps) {
  // The control that opened it (the Play pressed), taken before the dialog moves focus: focus goes back there
  // when it closes; if that control is gone, to the player's play/pause button, so Space plays rather than
  // scrolls the page.
  const opener = useRef<HTMLElement | null>(null);
  const acknowledge = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          // 'Continue' (I understand, play) is the default: it has focus, so Enter plays.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            acknowledge.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const back = opener.current?.isConnected
              ? opener.current
              : document.querySelector<HTMLElement>('[data-player-toggle]');
            back?.focus();
          }}
          role="alertdialog"
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border-2 border-border bg-background p-6 text-foreground shadow-xl"
        >
          <Dialog.Title className="font-serif text-xl font-semibold">
            {listeningSafetyText.title}
          </Dialog.Title>
          <Dialog.Description className="mt-3 text-base text-muted-foreground">
            {listeningSafetyText.body}
          </Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Dialog.Close asChild>
              <button
                type="button"
                className="min-h-11 cursor-pointer rounded-lg border-2 border-primary px-4 font-semibold text-primary hover:bg-primary-soft"
              >
                {listeningSafetyText.cancel}
              </button>
            </Dialog.Close>
            <button
              ref={acknowledge}
              type="button"
              onClick={onAcknowledge}
              className="min-h-11 cursor-pointer rounded-lg bg-primary px-4 font-semibold text-primary-foreground hover:bg-brand-800"
            >
              {listeningSafetyText.acknowledge}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
