import { MailIcon, PhoneIcon } from '@/components/ui/first-load-icons';
import type { ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { chromeText, conditionNavigation, helpNavigation } from '@/content/chrome';

const linkClass = 'inline-flex min-h-11 items-center underline-offset-4 hover:underline';

interface FooterProps {
  /** Extra footer links supplied by features (e.g. 'Cookie settings'). */
  extraLinks?: ReactNode;
  /** Year shown in the copyright line; the current year. */
  year: number;
}

export function Footer({ extraLinks, year }: FooterProps) {
  return (
    <footer className="mt-16 border-t border-border bg-brand-950 text-white">
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="font-serif text-xl font-bold">{site.practiceName}</p>
          <p className="mt-2 font-medium text-brand-200">{chromeText.footerTagline}</p>
          <p className="mt-4 text-brand-100">{site.description}</p>
        </div>
        <div>
          <h2 className="text-lg font-semibold">{chromeText.footerContactHeading}</h2>
          <ul className="mt-3 space-y-1 text-brand-100">
            <li>
              <a href={`mailto:${site.email}`} className={`${linkClass} [overflow-wrap:anywhere]`}>
                <MailIcon className="mr-2 size-4" />
                {site.email}
              </a>
            </li>
            <li>
              <a href={`tel:${site.phone.replace(/\s+/g, '')}`} className={linkClass}>
                <PhoneIcon className="mr-2 size-4" />
                {site.phone}
              </a>
            </li>
            {helpNavigation.map((item) => (
              <li key={item.to}>
                <AppLink to={item.to} className={linkClass}>
                  {item.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-labelledby="footer-conditions-heading">
          <h2 id="footer-conditions-heading" className="text-lg font-semibold">
            {chromeText.conditionsHeading}
          </h2>
          <ul className="mt-3 space-y-1 text-brand-100">
            {conditionNavigation.map((item) => (
              <li key={item.to}>
                <AppLink to={item.to} className={linkClass}>
                  {item.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-lg font-semibold">{chromeText.footerLegalHeading}</h2>
          <ul className="mt-3 space-y-1 text-brand-100">
            <li>
              <AppLink to={paths.privacyPolicy} className={linkClass}>
                {chromeText.privacyPolicy}
              </AppLink>
            </li>
            <li>
              <AppLink to={paths.termsAndConditions} className={linkClass}>
                {chromeText.terms}
              </AppLink>
            </li>
            <li>
              <AppLink to={paths.sitemap} className={linkClass}>
                {chromeText.sitemap}
              </AppLink>
            </li>
            {extraLinks}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-sm text-brand-200 sm:px-6 lg:px-8">
          <p>
            © {year} {site.practiceName}. {chromeText.allRightsReserved}
          </p>
          <AppLink
            to={paths.adminLogin}
            className="inline-flex min-h-11 items-center text-xs text-brand-200 hover:underline"
          >
            {chromeText.admin}
          </AppLink>
        </div>
      </div>
    </footer>
  );
}
