import { ArrowRight, CheckCircle2, Clock, Headphones, House, LockKeyhole } from 'lucide-react';
import { Seo } from '@/components/seo/seo';
import { practiceOrganization, webPage } from '@/components/seo/structured-data';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { ExternalLink } from '@/components/ui/external-link';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { absoluteUrl, site } from '@/config/site';
import { aboutContent as content, aboutFaqCount } from '@/content/about';
import { firstFaqEntries } from '@/content/faq-first';
import { ClosingCallToAction } from '@/features/booking/closing-call-to-action';
import { FaqAccordion } from '@/features/faq/faq-browser-island';
import { AppLink } from '@/components/ui/app-link';

const advantageIcons = { home: House, clock: Clock, lock: LockKeyhole } as const;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase())
    .slice(0, 2)
    .join('');
}

/** A registered-member seal drawn in HTML and inline SVG (no external image, crisp at any size). */
function RegulationBadge() {
  const { status, register, country } = content.regulation;
  return (
    <figure className="flex items-center gap-4 rounded-xl border-2 border-primary bg-primary-soft p-4">
      <svg viewBox="0 0 64 64" aria-hidden="true" className="size-16 shrink-0">
        <circle cx="32" cy="32" r="30" fill="var(--primary)" />
        <circle
          cx="32"
          cy="32"
          r="25"
          fill="none"
          stroke="var(--primary-foreground)"
          strokeWidth="1.5"
          strokeDasharray="2 3"
        />
        <path
          d="M21 33.5 28.5 41 44 24"
          fill="none"
          stroke="var(--primary-foreground)"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <figcaption>
        <span className="block text-xs font-bold tracking-wide text-primary uppercase">{status}</span>
        <span className="block font-serif text-lg leading-snug font-bold text-foreground">{register}</span>
        <span className="block text-sm text-muted-foreground">{country}</span>
      </figcaption>
    </figure>
  );
}

export function Component() {
  const { profile, credentials, selfHypnosis, results, advantages, faq, cta } = content;
  return (
    <>
      <Seo
        title={content.seo.title}
        description={content.seo.description}
        keywords={content.seo.keywords}
        path={paths.about}
        structuredData={[
          {
            ...webPage({
              type: 'AboutPage',
              name: content.seo.title,
              description: content.seo.description,
              path: paths.about,
              crumbs: [
                { name: 'Home', path: paths.home },
                { name: content.seo.title, path: paths.about },
              ],
            }),
            mainEntity: {
              '@type': 'Person',
              name: site.practitionerName,
              jobTitle: site.practitionerTitle,
              url: absoluteUrl(paths.about),
              sameAs: [site.professionalProfileUrl],
              memberOf: { '@type': 'Organization', name: content.regulation.register },
              worksFor: { '@id': `${absoluteUrl('/')}#practice` },
            },
          },
          practiceOrganization(),
        ]}
      />
      <PageHeader title={content.title} lead={content.lead} />

      <section aria-labelledby="profile-heading" className="py-12 sm:py-16">
        <Container className="grid gap-10 lg:grid-cols-[20rem_1fr] lg:gap-14">
          <div>
            <h2 id="profile-heading" className="font-serif text-3xl font-bold text-foreground">
              {profile.heading}
            </h2>
            <p className="mt-1 text-lg font-semibold text-primary">{profile.role}</p>
            <div className="mt-5 max-w-prose space-y-4 text-lg leading-relaxed text-muted-foreground">
              {profile.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
            <h3 className="mt-10 text-xl font-bold text-foreground">{credentials.heading}</h3>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {credentials.items.map((item) => (
                <li key={item} className="flex gap-3 text-foreground">
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="space-y-5 lg:order-first">
            <div
              aria-hidden="true"
              className="mx-auto flex size-40 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-brand-900 font-serif text-5xl font-bold text-white shadow-lg lg:mx-0"
            >
              {initials(site.practitionerName)}
            </div>
            <RegulationBadge />
            <p className="text-sm text-muted-foreground">{content.regulation.note}</p>
            <ExternalLink
              href={site.professionalProfileUrl}
              className="inline-flex min-h-11 items-center gap-2 font-semibold text-primary underline underline-offset-4 hover:no-underline"
            >
              {profile.profileLinkLabel}
              <ArrowRight aria-hidden="true" className="size-4" />
            </ExternalLink>
          </div>
        </Container>
      </section>

      <section aria-labelledby="self-hypnosis-heading" className="bg-muted py-12 sm:py-16">
        <Container className="grid gap-10 lg:grid-cols-2 lg:items-start">
          <div>
            <h2 id="self-hypnosis-heading" className="font-serif text-3xl font-bold text-foreground">
              {selfHypnosis.heading}
            </h2>
            <div className="mt-5 space-y-4 text-lg leading-relaxed text-muted-foreground">
              {selfHypnosis.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
            <p className="mt-6 text-foreground">{selfHypnosis.audioText}</p>
            <Button asChild variant="secondary" className="mt-5">
              <AppLink to={paths.audioLibrary}>
                <Headphones aria-hidden="true" />
                {selfHypnosis.audioLinkLabel}
              </AppLink>
            </Button>
          </div>
          <div>
            <h3 className="text-xl font-bold text-foreground">{selfHypnosis.stepsHeading}</h3>
            <ol className="mt-4 space-y-4">
              {selfHypnosis.steps.map((step, index) => (
                <li key={step.title} className="flex gap-4 rounded-xl bg-background p-5 shadow-sm">
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <p className="font-bold text-foreground">{step.title}</p>
                    <p className="mt-1 text-muted-foreground">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </Container>
      </section>

      <section aria-labelledby="results-heading" className="py-12 sm:py-16">
        <Container>
          <h2 id="results-heading" className="text-center font-serif text-3xl font-bold text-foreground">
            {results.heading}
          </h2>
          <dl className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
            {results.stats.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col rounded-xl border border-border bg-card p-5 text-center"
              >
                <dt className="order-2 mt-2 text-sm text-muted-foreground sm:text-base">{stat.label}</dt>
                <dd className="order-1 font-serif text-3xl font-bold text-primary sm:text-4xl">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-center text-sm text-muted-foreground">{results.footnote}</p>
        </Container>
      </section>

      <section aria-labelledby="advantages-heading" className="bg-muted py-12 sm:py-16">
        <Container>
          <h2 id="advantages-heading" className="text-center font-serif text-3xl font-bold text-foreground">
            {advantages.heading}
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {advantages.items.map((item) => {
              const Icon = advantageIcons[item.icon];
              return (
                <li key={item.title}>
                  <Card className="h-full">
                    <span className="flex size-12 items-center justify-center rounded-xl bg-primary-soft text-primary">
                      <Icon aria-hidden="true" className="size-6" />
                    </span>
                    <h3 className="mt-4 text-xl font-bold text-foreground">{item.title}</h3>
                    <p className="mt-2 text-muted-foreground">{item.text}</p>
                  </Card>
                </li>
              );
            })}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="about-faq-heading" className="py-12 sm:py-16">
        <Container>
          <div className="mx-auto max-w-3xl">
            <h2 id="about-faq-heading" className="text-center font-serif text-3xl font-bold text-foreground">
              {faq.heading}
            </h2>
            <FaqAccordion entries={firstFaqEntries.slice(0, aboutFaqCount)} className="mt-8" />
            <div className="mt-6 text-center">
              <Button asChild variant="secondary">
                <AppLink to={paths.faq}>
                  {faq.viewAllLabel}
                  <ArrowRight aria-hidden="true" />
                </AppLink>
              </Button>
            </div>
          </div>
        </Container>
      </section>

      <ClosingCallToAction headingId="about-cta-heading" copy={cta} />
    </>
  );
}
