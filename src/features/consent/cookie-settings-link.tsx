import { settingsChromeText } from '@/content/settings-chrome';
import { useCookieConsent } from './cookie-consent-provider';

/** The footer's 'Cookie settings' item: reopens the banner so consent can be withdrawn as easily as given. */
export function CookieSettingsLink({ className }: { className?: string }) {
  const { openBanner, bannerOpen } = useCookieConsent();
  return (
    <li>
      <button
        type="button"
        className={className}
        aria-expanded={bannerOpen}
        onClick={openBanner}
      >
        {settingsChromeText.cookieSettings}
      </button>
    </li>
  );
}
