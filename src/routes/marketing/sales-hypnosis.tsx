import { Anchor, Check, ChevronDown, MessageCircle, ShieldCheck, Target, Users } from 'lucide-react';
import { Seo } from '@/components/seo/seo';
import { webPage } from '@/components/seo/structured-data';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { PageHeader } from '@/components/ui/page-header';
import { absoluteUrl } from '@/config/site';
import { paths } from '@/config/paths';
import { salesHypnosisContent as content } from '@/content/sales-hypnosis';
import { cn } from '@/lib/cn';
import { BookingButton } from '@/features/booking/booking-button';
import { ClosingCallToAction } from '@/features/booking/closing-call-to-action';
import { appointmentOffers, appointmentService } from '@/features/booking/service-structured-data';
import { TestimonialCard } from '@/features/testimonials/testimonial-card';
import { AppLink } from '@/components/ui/app-link';

const techniqueIcons = {
  anchor: Anchor,
  shield: ShieldCheck,
  message: MessageCircle,
  target: Target,
} as const;

const WORKSHOPS_ID = 'workshops';

function structuredData() {
  const path = paths.salesHypnosis;
  return [
    webPage({
      name: content.seo.title,
      description: content.seo.description,
      path,
      crumbs: [
        { name: 'Home', path: paths.home },
        { name: content.seo.title, path },
      ],
    }),
    appointmentService({
      name: content.seo.title,
      description: content.seo.description,
      path,
      serviceType: 'Sales performance hypnotherapy',
      offers: [
        ...appointmentOffers(path),
        ...content.workshops.formats.map((workshop) => ({
          '@type': 'Offer',
          name: `${workshop.title} (${workshop.participants})`,
          priceCurrency: 'GBP',
          ...(workshop.from
            ? {
                priceSpecification: {
                  '@type': 'PriceSpecification',
                  minPrice: (workshop.pence / 100).toFixed(2),
                  priceCurrency: 'GBP',
                },
              }
            : { price: (workshop.pence / 100).toFixed(2) }),
          url: absoluteUrl(`${path}#${WORKSHOPS_ID}`),
        })),
      ],
    }),
    {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: content.faqs.map((faq) => ({
        '@type': 'Question',
        name: faq.question,
        acceptedAnswer: { '@type': 'Answer', text: faq.answer },
      })),
    },
  ];
}

export function Component() {
  const { programme, results, workshops, coaching } = content;
  return (
    <>
      <Seo
        title={content.seo.title}
        description={content.seo.description}
        keywords={content.seo.keywords}
        path={paths.salesHypnosis}
        structuredData={structuredData()}
      />
      <PageHeader title={content.hero.title} lead={content.hero.lead}>
        <BookingButton>{content.hero.bookingLabel}</BookingButton>
        <a href={`#${WORKSHOPS_ID}`} className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
          <Users aria-hidden="true" />
          {content.hero.workshopsLink}
        </a>
      </PageHeader>

      <section aria-labelledby="techniques-heading" className="py-12 sm:py-16">
        <Container>
          <SectionHeading id="techniques-heading" title={content.techniquesHeading} />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {content.techniques.map((technique) => {
              const Icon = techniqueIcons[technique.icon];
              return (
                <li key={technique.title}>
                  <Card className="h-full">
                    <span className="flex size-12 items-center justify-center rounded-xl bg-primary-soft text-primary">
                      <Icon aria-hidden="true" className="size-6" />
                    </span>
                    <h3 className="mt-4 text-lg font-bold">{technique.title}</h3>
                    <p className="mt-2 text-muted-foreground">{technique.description}</p>
                  </Card>
                </li>
              );
            })}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="programme-heading" className="bg-muted/60 py-12 sm:py-16">
        <Container>
          <SectionHeading id="programme-heading" title={programme.heading} lead={programme.lead} />
          <ol className="mt-10 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {programme.sessions.map((session) => (
              <li key={session.number} className="rounded-xl border border-border bg-card p-6">
                <p className="text-sm font-semibold text-primary">
                  Session {session.number} · {session.duration}
                </p>
                <h3 className="mt-1 text-lg font-bold">{session.title}</h3>
                <ul className="mt-3 space-y-1 text-muted-foreground">
                  {session.topics.map((topic) => (
                    <li key={topic} className="flex gap-2">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                      <span>{topic}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          <ul className="mt-8 grid gap-4 md:grid-cols-3">
            {programme.guarantees.map((guarantee) => (
              <li key={guarantee.title} className="flex gap-3 rounded-xl bg-primary-soft p-5">
                <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-primary" />
                <div>
                  <p className="font-bold text-accent-foreground">{guarantee.title}</p>
                  <p className="mt-1 text-sm text-foreground">{guarantee.text}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <BookingButton>{programme.bookingLabel}</BookingButton>
            <AppLink
              to={programme.enquiry.to}
              className={buttonVariants({ variant: 'secondary', size: 'lg' })}
            >
              {programme.enquiry.label}
            </AppLink>
          </div>
        </Container>
      </section>

      <section aria-labelledby="results-heading" className="py-12 sm:py-16">
        <Container width="3xl">
          <SectionHeading id="results-heading" title={results.heading} lead={results.lead} />
          <ul className="mt-10 space-y-6">
            {results.bars.map((bar, index) => {
              const labelId = `result-${index}`;
              return (
                <li key={bar.label}>
                  <div className="flex items-baseline justify-between gap-4">
                    <span id={labelId} className="font-semibold">
                      {bar.label}
                    </span>
                    <span className="font-bold text-primary">{bar.value}%</span>
                  </div>
                  <div
                    role="progressbar"
                    aria-labelledby={labelId}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={bar.value}
                    className="mt-2 h-3 overflow-hidden rounded-full bg-primary-soft"
                  >
                    <div className="h-full rounded-full bg-primary" style={{ width: `${bar.value}%` }} />
                  </div>
                </li>
              );
            })}
          </ul>
          <p className="mt-6 text-center text-sm text-muted-foreground">{results.note}</p>
        </Container>
      </section>

      <section aria-labelledby="sales-testimonials-heading" className="bg-muted/60 py-12 sm:py-16">
        <Container>
          <SectionHeading id="sales-testimonials-heading" title={content.testimonialsHeading} />
          <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {content.testimonials.map((testimonial) => (
              <li key={testimonial.name}>
                <TestimonialCard testimonial={testimonial} />
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section id={WORKSHOPS_ID} aria-labelledby="workshops-heading" className="scroll-mt-24 py-12 sm:py-16">
        <Container>
          <SectionHeading id="workshops-heading" title={workshops.heading} lead={workshops.lead} />
          <ul className="mt-10 grid gap-6 lg:grid-cols-3">
            {workshops.formats.map((format) => (
              <li key={format.id}>
                <Card className="flex h-full flex-col">
                  <h3 className="text-xl font-bold">{format.title}</h3>
                  <p className="mt-1 text-muted-foreground">
                    {format.participants} · {format.length}
                  </p>
                  <p className="mt-4 text-3xl font-bold">{format.price}</p>
                  <ul className="mt-4 flex-1 space-y-2">
                    {format.features.map((feature) => (
                      <li key={feature} className="flex gap-2">
                        <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                        <span>{feature}</span>
                      </li>
                    ))}
                  </ul>
                  <AppLink
                    to={workshops.enquiryPath}
                    className={cn(buttonVariants({ variant: 'secondary' }), 'mt-6 w-full text-center')}
                  >
                    {format.enquireLabel}
                  </AppLink>
                </Card>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="coaching-heading" className="py-4">
        <Container width="3xl">
          <div className="relative rounded-2xl border-2 border-primary bg-card p-6 text-center sm:p-10">
            <Badge className="absolute -top-3.5 left-1/2 -translate-x-1/2">Recommended</Badge>
            <h2 id="coaching-heading" className="font-serif text-2xl font-bold sm:text-3xl">
              {coaching.heading}
            </h2>
            <p className="mt-4">
              <span className="text-4xl font-bold">{coaching.price}</span>{' '}
              <span className="text-muted-foreground">{coaching.per}</span>
            </p>
            <p className="text-sm text-muted-foreground">{coaching.note}</p>
            <p className="mx-auto mt-4 max-w-xl text-muted-foreground">{coaching.text}</p>
            <BookingButton className="mt-6">{coaching.bookingLabel}</BookingButton>
          </div>
        </Container>
      </section>

      <section aria-labelledby="sales-faq-heading" className="py-12 sm:py-16">
        <Container width="3xl">
          <SectionHeading id="sales-faq-heading" title={content.faqHeading} />
          <div className="mt-8 divide-y divide-border rounded-xl border border-border bg-card">
            {content.faqs.map((faq) => (
              <details key={faq.question} className="group">
                <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold [&::-webkit-details-marker]:hidden">
                  {faq.question}
                  <ChevronDown
                    aria-hidden="true"
                    className="size-5 shrink-0 text-primary transition-transform group-open:rotate-180"
                  />
                </summary>
                <p className="px-5 pb-5 text-muted-foreground">{faq.answer}</p>
              </details>
            ))}
          </div>
        </Container>
      </section>

      <ClosingCallToAction headingId="sales-closing-heading" copy={content.closing} linkArrow />
    </>
  );
}
