import { useLocation } from 'react-router-dom';
import { Seo } from '@/components/seo/seo';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { paths } from '@/config/paths';
import { notFoundContent as content } from '@/content/not-found';
import { AppLink } from '@/components/ui/app-link';

export function Component() {
  const { pathname } = useLocation();
  return (
    <>
      <Seo title={content.seoTitle} description={content.seoDescription} path={pathname} noindex />
      <Container className="py-24 text-center">
        <p className="font-serif text-7xl font-bold text-primary" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 font-serif text-4xl font-bold tracking-tight break-words hyphens-auto sm:text-5xl">{content.title}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{content.text}</p>
        <Button asChild size="lg" className="mt-8">
          <AppLink to={paths.home}>{content.homeLink}</AppLink>
        </Button>
      </Container>
    </>
  );
}
