import { accountText } from '@/content/account';

const text = accountText.sectionsNav;

/**
 * Links to My Account's sections at its top, so a phone user jumps to orders or their data without scrolling
 * past their audio. The continue-listening and practice-log links only when those sections are there (the
 * 'Continue listening' one is empty while the player holds no track, and then shows nothing).
 */
export function AccountSectionsNav({
  withContinue,
  withPracticeLog,
  withIntake = false,
}: {
  withContinue: boolean;
  withPracticeLog: boolean;
  /** The health form's section is on the page (src/features/intake). */
  withIntake?: boolean;
}) {
  const links = [
    ...(withContinue ? [{ href: '#continue-listening', label: text.continueListening }] : []),
    { href: '#your-audio', label: text.audio },
    { href: '#on-this-device', label: text.onThisDevice },
    ...(withPracticeLog ? [{ href: '#practice', label: text.practice }] : []),
    ...(withIntake ? [{ href: '#intake', label: text.intake }] : []),
    { href: '#appointments', label: text.appointments },
    { href: '#orders', label: text.orders },
    { href: '#your-name', label: text.profile },
  ];
  return (
    <nav aria-label={text.label}>
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              className="inline-flex min-h-11 items-center rounded-full border-2 border-border px-4 text-sm font-semibold text-foreground hover:border-primary hover:text-primary"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
