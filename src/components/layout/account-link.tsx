import { AppNavLink } from '@/components/ui/app-link';
import { paths } from '@/config/paths';
import { chromeText } from '@/content/chrome';
import { cn } from '@/lib/cn';
import { avatarParts, type HeaderUser } from './header-types';

/**
 * The phone bar's sign that someone is signed in: their initial, a link to My Account (the side menu keeps
 * the rest). Its name says both where it goes and who is signed in.
 */
export function AccountLink({ user }: { user: HeaderUser }) {
  const { initial, name } = avatarParts(user.email);
  return (
    <AppNavLink
      to={paths.account}
      data-testid="header-account"
      className={({ isActive }) =>
        cn(
          'inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-muted',
          isActive && 'bg-primary-soft',
        )
      }
    >
      <span
        aria-hidden="true"
        className="flex size-9 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
      >
        {initial}
      </span>
      <span className="sr-only">{chromeText.accountLinkLabel(name)}</span>
    </AppNavLink>
  );
}
