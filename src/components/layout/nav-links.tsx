import { AppNavLink } from '@/components/ui/app-link';
import { primaryNavigation } from '@/content/chrome';
import { cn } from '@/lib/cn';

interface NavLinksProps {
  orientation: 'horizontal' | 'vertical';
  onNavigate?: () => void;
}

/** The primary navigation; AppNavLink marks the current route with aria-current="page". */
export function NavLinks({ orientation, onNavigate }: NavLinksProps) {
  return (
    <ul className={cn('flex', orientation === 'horizontal' ? 'items-center gap-1' : 'flex-col gap-1')}>
      {primaryNavigation.map((item) => (
        <li key={item.to}>
          <AppNavLink
            to={item.to}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex min-h-11 items-center rounded-lg px-3 font-medium text-foreground hover:bg-muted',
                orientation === 'vertical' && 'px-4 text-lg',
                isActive && 'bg-primary-soft text-primary underline decoration-2 underline-offset-8',
              )
            }
          >
            {item.label}
          </AppNavLink>
        </li>
      ))}
    </ul>
  );
}
