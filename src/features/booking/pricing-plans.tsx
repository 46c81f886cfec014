import { Check } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Container } from '@/components/ui/container';
import { appointmentPlans, pricingCopy } from '@/content/pricing';
import { cn } from '@/lib/cn';
import { BookingButton } from './booking-button';

/** The pricing block: single appointment and the monthly programme, the monthly one recommended. */
export function PricingPlans({
  heading = pricingCopy.heading,
  className,
}: {
  heading?: string;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('py-16 sm:py-20', className)}>
      <Container width="4xl">
        <h2 id={headingId} className="text-center font-serif text-3xl font-bold sm:text-4xl">
          {heading}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-lg text-muted-foreground">{pricingCopy.lead}</p>
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {appointmentPlans.map((plan) => (
            <li
              key={plan.id}
              className={cn(
                'relative flex flex-col rounded-2xl border-2 bg-card p-6 shadow-sm sm:p-8',
                plan.recommended ? 'border-primary' : 'border-border',
              )}
            >
              {plan.recommended ? (
                <Badge className="absolute -top-3.5 left-1/2 -translate-x-1/2">
                  {pricingCopy.recommendedLabel}
                </Badge>
              ) : null}
              <h3 className="text-xl font-bold">{plan.name}</h3>
              <p className="mt-4">
                <span className="text-4xl font-bold text-foreground">{plan.price}</span>{' '}
                <span className="text-muted-foreground">{plan.per}</span>
              </p>
              {plan.note ? <p className="mt-1 text-sm text-muted-foreground">{plan.note}</p> : null}
              <ul className="mt-6 flex-1 space-y-3">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
              <BookingButton
                variant={plan.recommended ? 'primary' : 'secondary'}
                size="md"
                className="mt-8 w-full"
              >
                {plan.bookingLabel}
              </BookingButton>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center text-sm text-muted-foreground">{pricingCopy.footnote}</p>
      </Container>
    </section>
  );
}
