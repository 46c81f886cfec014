import { readStoredSessionEmail, readStoredSessionName } from '@/lib/supabase';
import { withBookingPrefill } from './booking-url';

/** Marks a link to the scheduler (booking-button.tsx); its href is prefilled only as the visitor follows it. */
export const BOOKING_LINK_ATTRIBUTE = 'data-booking-link';

/**
 * One listener for the whole document, installed by the app shell: when a booking link is followed (click,
 * Enter, middle-click), a signed-in customer's name (when they gave one in My Account) and email go with it. Delegated rather than a handler on each link,
 * so the links on prerendered pages adopted without their code stay plain links (docs/decisions/0001-islands.md)
 * and the prerendered href carries nothing about anyone. Returns the uninstaller.
 */
export function installBookingPrefill(doc: Document = document): () => void {
  const prefill = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest(`a[${BOOKING_LINK_ATTRIBUTE}]`) : null;
    if (!(target instanceof HTMLAnchorElement)) return;
    // The attribute keeps the link's own href once it has been prefilled, so a later follow starts from it.
    const base = target.getAttribute(BOOKING_LINK_ATTRIBUTE) || target.href;
    target.setAttribute(BOOKING_LINK_ATTRIBUTE, base);
    target.href = withBookingPrefill(base, {
      name: readStoredSessionName(),
      email: readStoredSessionEmail(),
    });
  };
  doc.addEventListener('click', prefill, true);
  doc.addEventListener('auxclick', prefill, true);
  return () => {
    doc.removeEventListener('click', prefill, true);
    doc.removeEventListener('auxclick', prefill, true);
  };
}
