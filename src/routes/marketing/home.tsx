import { ArrowRight, CheckCircle2, Headphones, Sparkles, Sun, Video } from 'lucide-react';
import { Seo } from '@/components/seo/seo';
import { practiceOrganization, webPage } from '@/components/seo/structured-data';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { HeroHeading } from '@/components/ui/hero-heading';
import { paths } from '@/config/paths';
import { homeContent as content } from '@/content/home';
import { BookingButton } from '@/features/booking/booking-button';
import { ClosingCallToAction } from '@/features/booking/closing-call-to-action';
import { AppLink } from '@/components/ui/app-link';

const serviceIcons = { audio: Headphones, appointments: Video, retreat: Sun } as const;

export function Component() {
  return (
    <>
      <Seo
        title={content.seo.title}
        description={content.seo.description}
        keywords={content.seo.keywords}
        path={paths.home}
        structuredData={[
          webPage({
            name: content.seo.title,
            description: content.seo.description,
            path: paths.home,
            crumbs: [{ name: 'Home', path: paths.home }],
          }),
          practiceOrganization(),
        ]}
      />
      {/* On a phone the call to action comes straight after the heading (the lead follows it), so it shows above
          the cookie banner on a first visit (docs/cookie-banner.md). Reading order stays heading, lead, actions. */}
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-50 via-background to-brand-100 pt-6 pb-10 sm:py-24">
        <Container width="4xl" className="flex flex-col text-center sm:block">
          <HeroHeading eyebrow={content.hero.eyebrow} title={content.hero.title} />
          <p className="order-last mx-auto mt-6 max-w-2xl text-lg text-muted-foreground sm:order-none sm:text-xl">
            {content.hero.lead}
          </p>
          <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:mt-10 sm:flex-row">
            <BookingButton>{content.hero.bookingLabel}</BookingButton>
            <Button asChild variant="secondary" size="lg">
              <AppLink to={content.hero.guideLink.to}>
                <Sparkles aria-hidden="true" />
                {content.hero.guideLink.label}
              </AppLink>
            </Button>
          </div>
        </Container>
      </section>

      <section aria-labelledby="services-heading" className="py-16 sm:py-20">
        <Container>
          <SectionHeading id="services-heading" title={content.servicesHeading} lead={content.servicesLead} />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {content.services.map((service) => {
              const Icon = serviceIcons[service.id];
              return (
                <li key={service.id} className="sm:max-lg:last:col-span-2">
                  <Card className="flex h-full flex-col">
                    <div className="flex items-start justify-between gap-3">
                      <span className="flex size-12 items-center justify-center rounded-xl bg-primary-soft text-primary">
                        <Icon aria-hidden="true" className="size-6" />
                      </span>
                      {service.badge ? <Badge>{service.badge}</Badge> : null}
                    </div>
                    <h3 className="mt-4 text-xl font-bold">{service.title}</h3>
                    <p className="mt-2 flex-1 text-muted-foreground">{service.description}</p>
                    <div className="mt-6">
                      {service.action.kind === 'link' ? (
                        <Button asChild variant="secondary" className="w-full">
                          <AppLink to={service.action.to}>
                            {service.action.label}
                            <ArrowRight aria-hidden="true" />
                          </AppLink>
                        </Button>
                      ) : (
                        <Button disabled className="w-full" variant="secondary">
                          {service.action.label}
                        </Button>
                      )}
                    </div>
                  </Card>
                </li>
              );
            })}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="help-heading" className="border-t border-border py-16 sm:py-20">
        <Container>
          <SectionHeading id="help-heading" title={content.helpHeading} lead={content.helpLead} />
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {content.helpAreas.map((area) => (
              <li key={area.to}>
                {/* The whole card is one link, named by its title; the text below describes it. */}
                <AppLink
                  to={area.to}
                  className="group flex h-full flex-col rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm hover:border-primary"
                >
                  <span className="flex items-center justify-between gap-3 text-lg font-bold text-primary">
                    {area.title}
                    <ArrowRight
                      aria-hidden="true"
                      className="size-5 shrink-0 transition-transform group-hover:translate-x-1"
                    />
                  </span>
                  <span className="mt-2 text-muted-foreground">{area.text}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="reasons-heading" className="bg-muted py-16 sm:py-20">
        <Container>
          <SectionHeading id="reasons-heading" title={content.reasonsHeading} />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {content.reasons.map((reason) => (
              <li key={reason.title} className="rounded-xl bg-background p-6 shadow-sm">
                <CheckCircle2 aria-hidden="true" className="size-7 text-primary" />
                <h3 className="mt-3 text-lg font-bold">{reason.title}</h3>
                <p className="mt-2 text-muted-foreground">{reason.text}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <ClosingCallToAction headingId="closing-heading" copy={content.closing} className="py-16 sm:py-20" />
    </>
  );
}
