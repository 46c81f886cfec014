import { ArrowRight, Mail } from 'lucide-react';
import { Island } from '@/components/island/island';
import { Seo } from '@/components/seo/seo';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { faqPageContent as content } from '@/content/faq-page';
import { faqEntries } from '@/content/faq-entries';
import { FaqBrowser } from '@/features/faq/faq-browser-island';
import { faqPageStructuredData } from '@/features/faq/faq-structured-data';
import { AppLink } from '@/components/ui/app-link';

export function Component() {
  return (
    <>
      <Seo
        title={content.seo.title}
        description={content.seo.description}
        keywords={content.seo.keywords}
        path={paths.faq}
        structuredData={faqPageStructuredData(faqEntries, {
          name: content.seo.title,
          description: content.seo.description,
        })}
      />
      <PageHeader title={content.title} lead={content.lead} />
      <Container>
        <div className="mx-auto max-w-3xl pb-4">
          <Island name="faq-browser">
            <FaqBrowser entries={faqEntries} />
          </Island>

          <section
            aria-labelledby="faq-contact-heading"
            className="mt-12 rounded-2xl bg-primary-soft px-6 py-10 text-center sm:px-10"
          >
            <Mail aria-hidden="true" className="mx-auto size-8 text-primary" />
            <h2 id="faq-contact-heading" className="mt-3 font-serif text-2xl font-bold text-foreground">
              {content.contact.title}
            </h2>
            <p className="mx-auto mt-2 max-w-xl text-muted-foreground">{content.contact.text}</p>
            <Button asChild size="lg" className="mt-6">
              <AppLink to={paths.contact}>
                {content.contact.linkLabel}
                <ArrowRight aria-hidden="true" />
              </AppLink>
            </Button>
          </section>
        </div>
      </Container>
    </>
  );
}
