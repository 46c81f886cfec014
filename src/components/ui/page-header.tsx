import type { ReactNode } from 'react';
import { Container } from './container';

interface PageHeaderProps {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}

/** The page's one <h1> with an optional lead paragraph and actions, on the soft brand band. */
export function PageHeader({ title, lead, children }: PageHeaderProps) {
  return (
    <header className="bg-gradient-to-b from-brand-50 to-background py-12 sm:py-16">
      <Container className="text-center">
        <h1 className="font-serif text-4xl font-bold tracking-tight break-words hyphens-auto text-foreground sm:text-5xl">{title}</h1>
        {lead ? <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">{lead}</p> : null}
        {children ? <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div> : null}
      </Container>
    </header>
  );
}
