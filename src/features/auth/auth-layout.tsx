import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { paths } from '@/config/paths';
import { AppLink } from '@/components/ui/app-link';

interface AuthLayoutProps {
  /** The 'Back to home' link text; omitted on screens without it. */
  backLabel?: string;
  icon?: ReactNode;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}

/** The narrow, centred card every account screen uses, with the page's one <h1>. */
export function AuthLayout({ backLabel, icon, title, lead, children }: AuthLayoutProps) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-background py-8 sm:py-14">
      <Container width="md">
        {backLabel ? (
          <AppLink
            to={paths.home}
            className="mb-4 inline-flex min-h-11 items-center gap-2 rounded-lg px-2 font-semibold text-primary hover:bg-primary-soft"
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
            {backLabel}
          </AppLink>
        ) : null}
        <Card className="p-6 sm:p-8">
          <div className="mb-6 text-center">
            {icon ? (
              <span className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary [&_svg]:size-6">
                {icon}
              </span>
            ) : null}
            <h1 className="font-serif text-2xl font-bold text-foreground sm:text-3xl">{title}</h1>
            {lead ? <p className="mt-2 text-muted-foreground">{lead}</p> : null}
          </div>
          {children}
        </Card>
      </Container>
    </div>
  );
}
