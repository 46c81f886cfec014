import { XIcon } from '@/components/ui/first-load-icons';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import {
  cookieBannerText as text,
  cookieCategoryText,
  optionalCookieCategories,
  type OptionalCookieCategory,
} from '@/content/consent';
import { useClaimEarlyInput } from '@/lib/early-input';
import { CONSENT_CHOICE_ATTRIBUTE, EARLY_BOUNDARY_ATTRIBUTE } from '@/lib/early-input-script';
import { BANNER_HEIGHT_PROPERTY, consentChoices, COOKIE_BANNER_ID } from './consent-script';
import type { CookiePreferences } from './consent-storage';
import { useCookieConsent } from './cookie-consent-provider';
import { Switch } from '@/components/ui/switch';

const TITLE_ID = 'cookie-banner-title';
/** Marks a button the before-paint consent script answers until this code has taken the banner over. */
const choice = (value: (typeof consentChoices)[keyof typeof consentChoices]) => ({
  [CONSENT_CHOICE_ATTRIBUTE]: value,
});

type Choices = Record<OptionalCookieCategory, boolean>;

/** The summary's buttons: the small size on a phone (the compact banner), the regular size from sm up. */
const phoneSized = 'sm:min-h-11 sm:min-w-44 sm:px-5 sm:py-2.5 sm:text-base';

function describeChoice(preferences: CookiePreferences): string {
  const enabled = optionalCookieCategories.filter((category) => preferences[category]);
  if (enabled.length === 0) return text.currentChoice.essentialOnly;
  if (enabled.length === optionalCookieCategories.length) return text.currentChoice.all;
  return text.currentChoice.custom(
    enabled.map((category) => cookieCategoryText[category].title.toLowerCase()),
  );
}

interface CategoryRowProps {
  id: string;
  title: string;
  description: string;
  checked: boolean;
  locked?: boolean;
  onChange?: (checked: boolean) => void;
}

function CategoryRow({ id, title, description, checked, locked = false, onChange }: CategoryRowProps) {
  return (
    <li className="flex items-start justify-between gap-4 rounded-lg border border-border bg-card p-4">
      <div>
        <label htmlFor={id} className="font-semibold">
          {title}
        </label>
        {locked ? (
          <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">
            {text.alwaysOn}
          </span>
        ) : null}
        <p id={`${id}-description`} className="mt-1 text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        className="mt-0.5"
        checked={checked}
        disabled={locked}
        aria-describedby={`${id}-description`}
        onChange={(event) => onChange?.(event.target.checked)}
      />
    </li>
  );
}

/** The cookie banner (docs/product-rules.md §4): a summary with three choices, and a detail view with a switch per category. */
export function CookieBanner() {
  const { preferences, hasConsented, bannerRequested, acceptAll, essentialOnly, save, closeBanner } =
    useCookieConsent();
  const [view, setView] = useState<'summary' | 'detail'>('summary');
  const [choices, setChoices] = useState<Choices>(() => ({
    functional: preferences.functional,
    analytics: preferences.analytics,
    marketing: preferences.marketing,
  }));
  const rootRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const customizeRef = useRef<HTMLButtonElement>(null);
  // Where focus goes after a view change; nothing on the first render unless the visitor asked for the banner
  // (a banner that appears by itself must not pull focus away from the page).
  const focusNext = useRef<'heading' | 'customize' | null>(bannerRequested ? 'heading' : null);
  // From here on React answers the banner; a press made before (on 'Customize') is made again.
  useClaimEarlyInput(rootRef);

  // Focus inside the banner when it closes goes back to what opened it (the footer link), or to the main content,
  // never to the top of the page. A layout-effect cleanup runs while the banner is still in the document.
  useLayoutEffect(() => {
    const root = rootRef.current;
    const active = document.activeElement;
    const opener =
      active instanceof HTMLElement && active !== document.body && !root?.contains(active) ? active : null;
    return () => {
      if (!root?.contains(document.activeElement)) return;
      (opener?.isConnected ? opener : document.querySelector('main'))?.focus();
    };
  }, []);

  // WCAG 2.2 2.4.11 (focus not obscured): while the banner covers the bottom of the screen, the page keeps that
  // much room below what it scrolls into view (scroll-padding) and can scroll that far (the same padding under
  // the page), so tabbing never lands on something hidden behind it.
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const style = document.documentElement.style;
    const setHeight = (height: number) => style.setProperty(BANNER_HEIGHT_PROPERTY, `${Math.ceil(height)}px`);
    // The observer reports the first size too, after the browser's own layout: measuring here would force a
    // layout of the whole page in the middle of React's commit.
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(([entry]) => {
            if (entry) setHeight(entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height);
          });
    if (observer) observer.observe(root);
    else setHeight(root.getBoundingClientRect().height);
    return () => {
      observer?.disconnect();
      style.removeProperty(BANNER_HEIGHT_PROPERTY);
    };
  }, []);

  useEffect(() => {
    const target = focusNext.current === 'heading' ? headingRef.current : customizeRef.current;
    // Not reset after use: a remount in development's StrictMode must land focus in the same place again.
    if (focusNext.current) target?.focus();
  }, [view]);

  const showView = (next: 'summary' | 'detail') => {
    focusNext.current = next === 'detail' ? 'heading' : 'customize';
    setView(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      closeBanner();
    }
  };

  return (
    // Escape is a keyboard shortcut for the close button, which stays the visible way to dismiss the banner.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      ref={rootRef}
      id={COOKIE_BANNER_ID}
      {...{ [EARLY_BOUNDARY_ATTRIBUTE]: '' }}
      aria-labelledby={TITLE_ID}
      onKeyDown={onKeyDown}
      className="fixed inset-x-0 bottom-0 z-50 max-h-[50vh] overflow-y-auto border-t-4 border-primary bg-background text-foreground shadow-[0_-8px_30px_rgb(0_0_0/0.18)]"
    >
      <div className="relative mx-auto w-full max-w-6xl px-4 py-3 sm:px-6 sm:py-5 lg:px-8">
        {view === 'summary' ? (
          <>
            {/* Compact on a phone (docs/cookie-banner.md): the heading runs into the text, the two choices share
                a row and 'Customize' sits beside the privacy link, so the home page's call to action stays in
                view above the banner. From the small breakpoint up, the full layout. */}
            <div className="pr-10 sm:pr-12">
              <h2
                id={TITLE_ID}
                ref={headingRef}
                tabIndex={-1}
                className="inline font-serif text-base font-bold sm:block sm:text-xl"
              >
                {text.title}
              </h2>{' '}
              <p className="inline text-sm text-muted-foreground sm:mt-2 sm:block sm:max-w-prose">
                {text.intro}
              </p>
            </div>
            {hasConsented ? (
              <p className="mt-2 text-sm">
                <strong>{text.currentChoiceLabel}</strong> {describeChoice(preferences)}
              </p>
            ) : null}
            <div className="mt-2 grid grid-cols-2 items-center gap-2 sm:mt-4 sm:flex sm:flex-wrap sm:gap-3">
              {/* Equal prominence (docs/product-rules.md D16): the same style and size for both. */}
              <Button
                size="sm"
                className={phoneSized}
                onClick={essentialOnly}
                {...choice(consentChoices.essential)}
              >
                {text.essentialOnly}
              </Button>
              <Button size="sm" className={phoneSized} onClick={acceptAll} {...choice(consentChoices.all)}>
                {text.acceptAll}
              </Button>
              {/* One row on a phone whatever the widths; from sm up, part of the banner's row of actions. */}
              <div className="col-span-2 flex flex-wrap items-center justify-between gap-x-2 sm:contents">
                <Button
                  ref={customizeRef}
                  variant="secondary"
                  size="sm"
                  className={phoneSized}
                  onClick={() => showView('detail')}
                >
                  {text.customize}
                </Button>
                <AppLink
                  to={paths.privacyPolicy}
                  className="inline-flex min-h-10 items-center text-sm font-medium text-primary underline underline-offset-4"
                >
                  {text.privacyLink}
                </AppLink>
              </div>
            </div>
          </>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              save(choices);
            }}
          >
            <h2 id={TITLE_ID} ref={headingRef} tabIndex={-1} className="pr-12 font-serif text-xl font-bold">
              {text.detailTitle}
            </h2>
            <p className="mt-2 max-w-prose text-muted-foreground">{text.detailIntro}</p>
            <ul className="mt-4 grid gap-3 md:grid-cols-2">
              <CategoryRow
                id="cookie-essential"
                title={cookieCategoryText.essential.title}
                description={cookieCategoryText.essential.description}
                checked
                locked
              />
              {optionalCookieCategories.map((category) => (
                <CategoryRow
                  key={category}
                  id={`cookie-${category}`}
                  title={cookieCategoryText[category].title}
                  description={cookieCategoryText[category].description}
                  checked={choices[category]}
                  onChange={(checked) => setChoices((current) => ({ ...current, [category]: checked }))}
                />
              ))}
            </ul>
            <div className="mt-4 flex flex-col gap-3 sm:flex-row">
              <Button variant="secondary" className="sm:min-w-44" onClick={() => showView('summary')}>
                {text.back}
              </Button>
              <Button type="submit" className="sm:min-w-44">
                {text.savePreferences}
              </Button>
            </div>
          </form>
        )}
        {/* After the content in reading order; shown top right. */}
        <Button
          variant="ghost"
          size="icon"
          className="absolute top-2 right-2 sm:right-4"
          aria-label={text.close}
          onClick={closeBanner}
          {...choice(consentChoices.close)}
        >
          <XIcon />
        </Button>
      </div>
    </section>
  );
}
