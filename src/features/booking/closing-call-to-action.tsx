import { ArrowRight } from 'lucide-react';
import { AppLink } from '@/components/ui/app-link';
import { Container } from '@/components/ui/container';
import type { ClosingCallToActionCopy } from '@/content/closing-call-to-action';
import { BookingButton } from './booking-button';

interface ClosingCallToActionProps {
  /** The heading's id (the section is labelled by it); unique on the page. */
  headingId: string;
  copy: ClosingCallToActionCopy;
  /** An arrow after the link's text, where the link leads on to more choices. */
  linkArrow?: boolean;
  /** The section's spacing: the block closes the page (default) or stands between sections. */
  className?: string;
}

/** The dark closing block of a marketing page: heading, a line of text, the booking button and one link. */
export function ClosingCallToAction({
  headingId,
  copy,
  linkArrow = false,
  className = 'pb-4',
}: ClosingCallToActionProps) {
  const { title, text, bookingLabel, link } = copy;
  return (
    <section aria-labelledby={headingId} className={className}>
      <Container width="3xl">
        <div className="rounded-2xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12">
          <h2 id={headingId} className="font-serif text-3xl font-bold">
            {title}
          </h2>
          <p className="mt-4 text-lg text-brand-100">{text}</p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <BookingButton variant="inverse">{bookingLabel}</BookingButton>
            <AppLink
              to={link.to}
              className="inline-flex min-h-11 items-center gap-2 px-3 font-semibold text-white underline underline-offset-4 hover:no-underline"
            >
              {link.label}
              {linkArrow ? <ArrowRight aria-hidden="true" className="size-5" /> : null}
            </AppLink>
          </div>
        </div>
      </Container>
    </section>
  );
}
