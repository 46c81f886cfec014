import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { Seo } from '@/components/seo/seo';
import { webPage } from '@/components/seo/structured-data';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { conditionPageCopy as copy, type ConditionPage } from '@/content/conditions';
import { BookingButton } from '@/features/booking/booking-button';
import { ClosingCallToAction } from '@/features/booking/closing-call-to-action';
import { PricingPlans } from '@/features/booking/pricing-plans';
import { appointmentService } from '@/features/booking/service-structured-data';
import { TestimonialsSection } from '@/features/testimonials/testimonials-section';
import { AppLink } from '@/components/ui/app-link';

/** The one template of the six condition pages (docs/product-rules.md §2), fed by each page's typed content. */
export function ConditionTemplate({ page }: { page: ConditionPage }) {
  return (
    <>
      <Seo
        title={page.seo.title}
        description={page.seo.description}
        keywords={page.seo.keywords}
        path={page.path}
        structuredData={[
          webPage({
            name: page.seo.title,
            description: page.seo.description,
            path: page.path,
            crumbs: [
              { name: 'Home', path: paths.home },
              { name: 'Virtual Appointments', path: paths.virtualAppointments },
              { name: page.eyebrow, path: page.path },
            ],
          }),
          appointmentService({
            name: page.seo.title,
            description: page.seo.description,
            path: page.path,
            serviceType: `Hypnotherapy for ${page.eyebrow}`,
          }),
        ]}
      />
      <PageHeader title={page.heading} lead={page.intro}>
        <BookingButton>{page.bookingLabel}</BookingButton>
        <AppLink to={copy.viewAllServicesPath} className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
          {copy.viewAllServicesLabel}
          <ArrowRight aria-hidden="true" />
        </AppLink>
      </PageHeader>

      <section aria-labelledby="areas-heading" className="py-12 sm:py-16">
        <Container>
          <SectionHeading id="areas-heading" title={page.areasHeading} />
          <ul className="mx-auto mt-10 grid max-w-5xl gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {page.areas.map((area) => (
              <li key={area} className="flex items-center gap-3 rounded-lg border border-border bg-card p-4">
                <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-primary" />
                <span className="font-medium">{area}</span>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="methods-heading" className="bg-muted/60 py-12 sm:py-16">
        <Container>
          <SectionHeading id="methods-heading" title={page.methodsHeading} />
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {page.methods.map((method, index) => (
              <li key={method.title}>
                <Card className="h-full">
                  <span
                    aria-hidden="true"
                    className="flex size-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
                  >
                    {index + 1}
                  </span>
                  <h3 className="mt-4 text-lg font-bold">{method.title}</h3>
                  <p className="mt-2 text-muted-foreground">{method.description}</p>
                </Card>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <section aria-labelledby="outcomes-heading" className="py-12 sm:py-16">
        <Container>
          <SectionHeading id="outcomes-heading" title={copy.outcomesHeading} />
          <dl className="mt-10 grid grid-cols-1 gap-4 min-[22rem]:grid-cols-2 lg:grid-cols-4">
            {page.outcomes.map((outcome) => (
              <div
                key={outcome.label}
                className="flex flex-col-reverse rounded-xl bg-primary-soft p-6 text-center"
              >
                <dt className="mt-1 text-sm font-medium text-accent-foreground">{outcome.label}</dt>
                <dd className="text-3xl font-bold text-primary sm:text-4xl">{outcome.value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-center text-sm text-muted-foreground">{copy.outcomesNote}</p>
        </Container>
      </section>

      <TestimonialsSection
        heading={`${page.eyebrow} Success Stories`}
        category={page.testimonialCategory}
        limit={3}
        className="bg-muted/60"
      />

      <PricingPlans />

      <ClosingCallToAction
        headingId="closing-heading"
        copy={{
          ...page.closing,
          bookingLabel: page.bookingLabel,
          link: { to: copy.aboutPath, label: copy.learnAboutLabel },
        }}
      />
    </>
  );
}
