import { Seo } from '@/components/seo/seo';
import { webPage } from '@/components/seo/structured-data';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { priorityBand, sitemapEntries, type PriorityBand } from '@/config/sitemap';
import { sitemapPageContent as content } from '@/content/sitemap-page';
import { cn } from '@/lib/cn';
import { buildDate } from '@/lib/build-date';
import { AppLink } from '@/components/ui/app-link';

const bandClass: Record<PriorityBand, string> = {
  high: 'bg-success text-success-foreground',
  medium: 'bg-primary text-primary-foreground',
  low: 'bg-muted-foreground text-background',
};

export function Component() {
  return (
    <>
      <Seo
        title={content.title}
        description={content.seoDescription}
        path={paths.sitemap}
        structuredData={webPage({
          name: content.title,
          description: content.seoDescription,
          path: paths.sitemap,
          crumbs: [
            { name: 'Home', path: paths.home },
            { name: content.title, path: paths.sitemap },
          ],
        })}
      />
      <PageHeader title={content.title} lead={content.lead} />
      <Container width="4xl" className="py-10">
        <p className="mb-6">
          <a href={paths.sitemapXml} className="font-semibold text-primary underline underline-offset-4">
            {content.xmlLink}
          </a>
        </p>
        {/* A keyboard-reachable, named scroll area: if the table is ever wider than the screen it scrolls here,
            never the page. `relative` keeps the visually hidden band labels inside it. */}
        <div
          role="region"
          aria-label={content.tableRegionLabel}
          // A scroll area must be reachable by keyboard to be scrolled (WCAG 2.1.1).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="relative overflow-x-auto rounded-xl border border-border"
        >
          <table className="w-full text-left text-sm sm:text-base">
            <caption className="sr-only">{content.title}</caption>
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="px-2 py-3 sm:px-4">{content.columns.page}</th>
                <th scope="col" className="px-2 py-3 sm:px-4">{content.columns.lastmod}</th>
                <th scope="col" className="px-2 py-3 sm:px-4">{content.columns.changefreq}</th>
                <th scope="col" className="px-2 py-3 sm:px-4">{content.columns.priority}</th>
              </tr>
            </thead>
            <tbody>
              {sitemapEntries.map((entry) => {
                const band = priorityBand(entry.priority);
                return (
                  <tr key={entry.path} className="border-t border-border" data-band={band}>
                    <td className="px-2 py-3 sm:px-4">
                      <AppLink to={entry.path} className="font-medium text-primary underline-offset-4 hover:underline">
                        {entry.title}
                      </AppLink>
                      <span className="block text-xs text-muted-foreground">{entry.path}</span>
                    </td>
                    <td className="px-2 py-3 sm:px-4">
                      <time dateTime={buildDate}>{buildDate}</time>
                    </td>
                    <td className="px-2 py-3 sm:px-4 capitalize">{entry.changefreq}</td>
                    <td className="px-2 py-3 sm:px-4">
                      <span className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-bold', bandClass[band])}>
                        {entry.priority.toFixed(1)}
                        <span className="sr-only"> ({content.bands[band]})</span>
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </Container>
    </>
  );
}
