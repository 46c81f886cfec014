import {
  BookOpen,
  Clock,
  Download,
  Ear,
  Eye,
  Hand,
  MessageCircle,
  ShieldCheck,
  Sparkles,
} from 'lucide-react';
import { Seo } from '@/components/seo/seo';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { HeroHeading } from '@/components/ui/hero-heading';
import { paths } from '@/config/paths';
import { selfHypnosisGuideContent as content } from '@/content/self-hypnosis-guide';
import { cn } from '@/lib/cn';
import { AppLink } from '@/components/ui/app-link';

const icons = {
  clock: Clock,
  sparkles: Sparkles,
  shield: ShieldCheck,
  eye: Eye,
  ear: Ear,
  hand: Hand,
} as const;

function IconBadge({ icon }: { icon: keyof typeof icons }) {
  const Icon = icons[icon];
  return (
    <span className="flex size-12 items-center justify-center rounded-xl bg-primary-soft text-primary">
      <Icon aria-hidden="true" className="size-6" />
    </span>
  );
}

export function Component() {
  return (
    <>
      <Seo
        title={content.seo.title}
        description={content.seo.description}
        keywords={content.seo.keywords}
        path={paths.selfHypnosisGuide}
      />
      <section className="bg-gradient-to-br from-brand-50 via-background to-brand-100 py-14 sm:py-20">
        <Container width="4xl" className="text-center">
          <HeroHeading eyebrow={content.hero.eyebrow} title={content.hero.title} />
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground sm:text-xl">
            {content.hero.lead}
          </p>
          <div className="mt-10 flex justify-center">
            <AppLink to={content.hero.primary.to} className={buttonVariants({ size: 'lg' })}>
              <BookOpen aria-hidden="true" />
              {content.hero.primary.label}
            </AppLink>
          </div>
        </Container>
      </section>

      <section aria-labelledby="advantages-heading" className="py-12 sm:py-16">
        <Container>
          <SectionHeading id="advantages-heading" title={content.advantagesHeading} />
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {content.advantages.map((advantage) => (
              <li key={advantage.title}>
                <Card className="h-full">
                  <IconBadge icon={advantage.icon} />
                  <h3 className="mt-4 text-lg font-bold">{advantage.title}</h3>
                  <p className="mt-2 text-muted-foreground">{advantage.text}</p>
                </Card>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="modalities-heading" className="bg-muted/60 py-12 sm:py-16">
        <Container>
          <SectionHeading
            id="modalities-heading"
            title={content.modalitiesHeading}
            lead={content.modalitiesLead}
          />
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {content.modalities.map((modality) => (
              <li key={modality.title}>
                <Card className="h-full">
                  <IconBadge icon={modality.icon} />
                  <h3 className="mt-4 text-xl font-bold">{modality.title}</h3>
                  <p className="mt-2 text-muted-foreground">{modality.text}</p>
                  <ul className="mt-4 flex flex-wrap gap-2">
                    {modality.examples.map((example) => (
                      <li
                        key={example}
                        className="rounded-full bg-primary-soft px-3 py-1 text-sm font-medium text-accent-foreground"
                      >
                        {example}
                      </li>
                    ))}
                  </ul>
                </Card>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="techniques-heading" className="py-12 sm:py-16">
        <Container>
          <SectionHeading id="techniques-heading" title={content.techniquesHeading} />
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {content.techniques.map((technique, index) => (
              <li key={technique.title}>
                <Card className="h-full">
                  <p className="text-sm font-semibold text-primary">Technique {index + 1}</p>
                  <h3 className="mt-1 text-lg font-bold">{technique.title}</h3>
                  <p className="mt-2 text-muted-foreground">{technique.text}</p>
                </Card>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <Container width="5xl" className="grid gap-6 pb-4 md:grid-cols-2">
        <section
          aria-labelledby="download-heading"
          className="rounded-2xl bg-brand-800 p-6 text-white sm:p-8"
        >
          <h2 id="download-heading" className="font-serif text-2xl font-bold sm:text-3xl">
            {content.download.title}
          </h2>
          <p className="mt-3 text-brand-100">{content.download.text}</p>
          <AppLink to={content.download.to} className={cn(buttonVariants({ variant: 'inverse' }), 'mt-6')}>
            <Download aria-hidden="true" />
            {content.download.label}
          </AppLink>
        </section>
        <section
          aria-labelledby="consultation-heading"
          className="rounded-2xl border border-border bg-card p-6 sm:p-8"
        >
          <h2 id="consultation-heading" className="font-serif text-2xl font-bold sm:text-3xl">
            {content.consultation.title}
          </h2>
          <p className="mt-3 text-muted-foreground">{content.consultation.text}</p>
          <AppLink
            to={content.consultation.to}
            className={cn(buttonVariants({ variant: 'secondary' }), 'mt-6')}
          >
            <MessageCircle aria-hidden="true" />
            {content.consultation.label}
          </AppLink>
        </section>
      </Container>
    </>
  );
}
