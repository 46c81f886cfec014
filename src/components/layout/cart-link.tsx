import { ShoppingCartIcon } from '@/components/ui/first-load-icons';
import { AppNavLink } from '@/components/ui/app-link';
import { paths } from '@/config/paths';
import { cartItemsUnit, chromeText } from '@/content/chrome';
import { cn } from '@/lib/cn';

interface CartLinkProps {
  count: number;
  /**
   * In the header bar, as a row of the side menu (larger, spaced like the other menu links), or compact: the
   * phone bar's icon and count, the word kept for screen readers.
   */
  placement?: 'bar' | 'menu' | 'compact';
}

export function CartLink({ count, placement = 'bar' }: CartLinkProps) {
  return (
    <AppNavLink
      to={paths.cart}
      className={({ isActive }) =>
        cn(
          'relative inline-flex min-h-11 items-center gap-2 rounded-lg font-medium hover:bg-muted',
          placement === 'menu' && 'mt-1 px-4 text-lg',
          placement === 'bar' && 'px-3',
          // The count sits on the icon's corner, so the link is no wider than the bar's other buttons.
          placement === 'compact' && 'min-w-11 justify-center px-0',
          isActive && 'bg-primary-soft text-primary',
        )
      }
    >
      <ShoppingCartIcon className="size-5" />
      {/* Between the desktop breakpoints the bar is tight: the icon stands for the word (still its name). */}
      <span
        className={cn(placement === 'bar' && 'nav-wide:max-xl:sr-only', placement === 'compact' && 'sr-only')}
      >
        {chromeText.cart}
      </span>
      {count > 0 ? (
        // The name is the visible text ("Cart 3") and the word a listener needs: "Cart 3 items" (axe's
        // label-content-name-mismatch forbids an aria-label that hides the visible count).
        <>
          <span
            data-testid="cart-count"
            className={cn(
              'inline-flex items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground',
              placement === 'compact'
                ? 'absolute top-0.5 right-0 min-w-5 px-1 leading-5'
                : 'min-w-6 px-1.5 leading-6',
            )}
          >
            {count}
          </span>
          <span className="sr-only">{cartItemsUnit(count)}</span>
        </>
      ) : null}
    </AppNavLink>
  );
}
