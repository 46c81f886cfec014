import { useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { claimEarlyInput } from '@/lib/early-input';
import { EARLY_CONTROL_ATTRIBUTE } from '@/lib/early-input-script';
import type { IslandModule } from './islands';

/** The control with this identity in an island's markup (EARLY_CONTROL_ATTRIBUTE). */
function controlByKey(root: ParentNode, key: string | null): HTMLElement | null {
  if (key === null) return null;
  const control = root.querySelector(`[${EARLY_CONTROL_ATTRIBUTE}="${CSS.escape(key)}"]`);
  return control instanceof HTMLElement ? control : null;
}

/** Keyboard focus (and a text field's caret) in the prerendered markup, by the control's identity. */
function focusIn(nodes: readonly Node[]) {
  const active = document.activeElement;
  if (!active || !nodes.some((node) => node.contains(active))) return null;
  const field = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? active : null;
  return {
    key: active.getAttribute(EARLY_CONTROL_ATTRIBUTE),
    selection: field
      ? ([field.selectionStart, field.selectionEnd, field.selectionDirection ?? undefined] as const)
      : null,
  };
}

/**
 * One island, mounted over its prerendered markup in the same commit, so nothing moves on screen. What the
 * visitor did before its code arrived carries over by identity (EARLY_CONTROL_ATTRIBUTE), never by position:
 * keyboard focus and a text field's caret move to the island's control with the same key, and each button
 * pressed (src/lib/early-input-script.ts) is pressed again on it; a press on a control the island does not
 * render (e.g. 'Load calendar' for a visitor who has already consented) does nothing. Text typed into a field
 * is the island's to read from the markup (e.g. src/features/faq/faq-browser-island.tsx).
 */
export function IslandMount({ container, island }: { container: HTMLElement; island: IslandModule }) {
  const [mount] = useState(() => ({
    prerendered: [...container.childNodes],
    content: island.render(container),
  }));
  useLayoutEffect(() => {
    // The island's own layout effects have run (it has read and moved what it needs); the rest goes now.
    const presses = claimEarlyInput(container);
    const focused = focusIn(mount.prerendered);
    for (const node of mount.prerendered) node.remove();
    const target = controlByKey(container, focused?.key ?? null);
    if (target) {
      target.focus();
      if (focused?.selection && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement))
        target.setSelectionRange(...focused.selection);
    }
    for (const press of presses) controlByKey(container, press.key)?.click();
  }, [mount, container]);
  return createPortal(mount.content, container);
}
