import { ArrowRight, Check, Clock, Headphones, House, Lock, TrendingUp } from 'lucide-react';
import { Island } from '@/components/island/island';
import { Seo } from '@/components/seo/seo';
import { webPage } from '@/components/seo/structured-data';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { serviceAreas, type ServiceArea } from '@/content/services';
import { virtualAppointmentsContent as content } from '@/content/virtual-appointments';
import { cn } from '@/lib/cn';
import { BookingButton } from '@/features/booking/booking-button';
import { BookingCalendarPanel } from '@/features/booking/booking-calendar-panel';
import { PricingPlans } from '@/features/booking/pricing-plans';
import { appointmentService } from '@/features/booking/service-structured-data';
import { AppLink } from '@/components/ui/app-link';

const benefitIcons = { home: House, lock: Lock, clock: Clock, headphones: Headphones } as const;

const CALENDAR_ID = 'booking-calendar';

function ServicePanel({ area }: { area: ServiceArea }) {
  return (
    <Card className="grid gap-8 md:grid-cols-[2fr_1fr]">
      <div>
        <h3 className="font-serif text-2xl font-bold">{area.title}</h3>
        <p className="mt-3 text-muted-foreground">{area.description}</p>
        <h4 className="mt-6 font-bold">{content.featuresHeading}</h4>
        <ul className="mt-3 space-y-2">
          {area.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-1">
          <div className="rounded-lg bg-muted p-4">
            <dt className="flex items-center gap-2 text-sm text-muted-foreground">
              <Clock aria-hidden="true" className="size-4" />
              {content.durationLabel}
            </dt>
            <dd className="mt-1 text-lg font-bold">{area.duration}</dd>
          </div>
          <div className="rounded-lg bg-muted p-4">
            <dt className="flex items-center gap-2 text-sm text-muted-foreground">
              <TrendingUp aria-hidden="true" className="size-4" />
              {content.successLabel}
            </dt>
            <dd className="mt-1 text-lg font-bold text-primary">{area.successRate}%</dd>
          </div>
        </dl>
        <p className="text-xs text-muted-foreground">{content.successNote}</p>
        <BookingButton size="md" className="w-full">
          {content.bookingLabel}
        </BookingButton>
        <AppLink to={area.specialPage} className={cn(buttonVariants({ variant: 'secondary' }), 'w-full')}>
          {content.learnMoreLabel(area.title)}
          <ArrowRight aria-hidden="true" />
        </AppLink>
      </div>
    </Card>
  );
}

export function Component() {
  return (
    <>
      <Seo
        title={content.seo.title}
        description={content.seo.description}
        keywords={content.seo.keywords}
        path={paths.virtualAppointments}
        structuredData={[
          webPage({
            name: content.seo.title,
            description: content.seo.description,
            path: paths.virtualAppointments,
            crumbs: [
              { name: 'Home', path: paths.home },
              { name: content.seo.title, path: paths.virtualAppointments },
            ],
          }),
          appointmentService({
            name: 'Online Hypnotherapy Appointment',
            description: content.seo.description,
            path: paths.virtualAppointments,
            serviceType: 'Hypnotherapy',
          }),
        ]}
      />
      <PageHeader title={content.hero.title} lead={content.hero.lead}>
        <BookingButton>{content.hero.bookingLabel}</BookingButton>
        <a href={`#${CALENDAR_ID}`} className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
          {content.hero.calendarLink}
        </a>
      </PageHeader>

      <section aria-labelledby="benefits-heading" className="py-12 sm:py-16">
        <Container>
          <SectionHeading id="benefits-heading" title={content.benefitsHeading} />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {content.benefits.map((benefit) => {
              const Icon = benefitIcons[benefit.icon];
              return (
                <li key={benefit.title}>
                  <Card className="h-full">
                    <span className="flex size-12 items-center justify-center rounded-xl bg-primary-soft text-primary">
                      <Icon aria-hidden="true" className="size-6" />
                    </span>
                    <h3 className="mt-4 text-lg font-bold">{benefit.title}</h3>
                    <p className="mt-2 text-muted-foreground">{benefit.text}</p>
                  </Card>
                </li>
              );
            })}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="services-heading" className="bg-muted/60 py-12 sm:py-16">
        <Container>
          <SectionHeading id="services-heading" title={content.servicesHeading} lead={content.servicesLead} />
          <Island name="tabs">
            <Tabs
              className="mt-10"
              label={content.servicesTabsLabel}
              items={serviceAreas.map((area) => ({
                id: area.id,
                label: area.tabLabel,
                content: <ServicePanel area={area} />,
              }))}
            />
          </Island>
        </Container>
      </section>

      <Container id={CALENDAR_ID} className="scroll-mt-24 py-12 sm:py-16">
        <Island name="booking-calendar" loadNearViewport>
          <BookingCalendarPanel />
        </Island>
      </Container>

      <PricingPlans heading={content.pricingHeading} className="bg-muted/60" />

      <Container className="py-10 text-center sm:py-12">
        <p className="text-lg text-muted-foreground">{content.closingNote}</p>
        <AppLink
          to={content.contactLink.to}
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4 hover:no-underline"
        >
          {content.contactLink.label}
        </AppLink>
      </Container>
    </>
  );
}
