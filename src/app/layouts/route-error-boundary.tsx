import { Component, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { paths } from '@/config/paths';

interface State {
  error: unknown;
}

/**
 * Shown when a page fails to render or load (for instance a stale chunk after a deploy). It carries
 * data-route-error so the prerender step fails the build instead of publishing it. The layout keys it by
 * path, so navigating away clears the error.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown) {
    console.error('Page failed to render', error);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div data-route-error="true" className="py-24">
        <Container className="text-center">
          <h1 className="font-serif text-3xl font-bold">Sorry, this page could not be shown</h1>
          <p className="mt-4 text-muted-foreground">Please reload the page or try again later.</p>
          <div className="mt-8 flex justify-center gap-3">
            <Button onClick={() => window.location.reload()}>Reload</Button>
            <Button asChild variant="secondary">
              <a href={paths.home}>Return to Home</a>
            </Button>
          </div>
        </Container>
      </div>
    );
  }
}
