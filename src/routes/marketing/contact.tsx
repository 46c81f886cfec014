import { Clock, LifeBuoy, Mail, Phone } from 'lucide-react';
import { Seo } from '@/components/seo/seo';
import { practiceOrganization, webPage } from '@/components/seo/structured-data';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { absoluteUrl, site } from '@/config/site';
import { contactContent as content, mailtoHref, telHref } from '@/content/contact';
import { BookingButton } from '@/features/booking/booking-button';
import { AppLink } from '@/components/ui/app-link';

const linkClass =
  'mt-1 inline-flex min-h-11 items-center font-semibold break-words text-primary underline underline-offset-4 hover:no-underline sm:text-lg';

export function Component() {
  return (
    <>
      <Seo
        title={content.seo.title}
        description={content.seo.description}
        keywords={content.seo.keywords}
        path={paths.contact}
        structuredData={[
          {
            ...webPage({
              type: 'ContactPage',
              name: content.seo.title,
              description: content.seo.description,
              path: paths.contact,
              crumbs: [
                { name: 'Home', path: paths.home },
                { name: content.seo.title, path: paths.contact },
              ],
            }),
            mainEntity: { '@id': `${absoluteUrl('/')}#practice` },
          },
          {
            ...practiceOrganization(),
            contactPoint: {
              '@type': 'ContactPoint',
              contactType: 'customer service',
              email: site.email,
              telephone: site.phone,
              areaServed: 'GB',
              availableLanguage: 'English',
            },
          },
        ]}
      />
      <PageHeader title={content.title} lead={content.lead} />
      <Container>
        <div className="mx-auto max-w-3xl">
          <p className="flex items-center justify-center gap-2 text-center font-semibold text-foreground">
            <Clock aria-hidden="true" className="size-5 shrink-0 text-primary" />
            {content.responseTime}
          </p>

          <ul className="mt-8 grid gap-6 sm:grid-cols-2">
            <li>
              <Card className="h-full">
                <Mail aria-hidden="true" className="size-8 text-primary" />
                <h2 className="mt-3 text-xl font-bold text-foreground">{content.email.heading}</h2>
                <a href={mailtoHref(site.email)} className={linkClass}>
                  {site.email}
                </a>
                <p className="mt-2 text-muted-foreground">{content.email.hint}</p>
              </Card>
            </li>
            <li>
              <Card className="h-full">
                <Phone aria-hidden="true" className="size-8 text-primary" />
                <h2 className="mt-3 text-xl font-bold text-foreground">{content.phone.heading}</h2>
                <a href={telHref(site.phone)} className={linkClass}>
                  {site.phone}
                </a>
                <p className="mt-2 text-muted-foreground">{content.phone.hint}</p>
              </Card>
            </li>
          </ul>

          <p className="mt-6 text-center text-sm text-muted-foreground">{content.privacyNote}</p>

          <section aria-labelledby="contact-more-heading" className="mt-12 text-center">
            <h2 id="contact-more-heading" className="font-serif text-2xl font-bold text-foreground">
              {content.more.heading}
            </h2>
            <div className="mt-5 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <BookingButton size="md">{content.more.bookingLabel}</BookingButton>
              <AppLink
                to={paths.faq}
                className="inline-flex min-h-11 items-center px-3 font-semibold text-primary underline underline-offset-4 hover:no-underline"
              >
                {content.more.faqLinkLabel}
              </AppLink>
            </div>
          </section>

          <aside
            aria-labelledby="crisis-heading"
            className="mt-12 flex gap-4 rounded-xl border border-border bg-muted p-5"
          >
            <LifeBuoy aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
            <div>
              <h2 id="crisis-heading" className="font-bold text-foreground">
                {content.crisis.heading}
              </h2>
              <p className="mt-1 text-muted-foreground">{content.crisis.text}</p>
            </div>
          </aside>
        </div>
      </Container>
    </>
  );
}
