import { AppLink } from '@/components/ui/app-link';
import { paths } from '@/config/paths';
import { site } from '@/config/site';

export function Logo() {
  return (
    <AppLink to={paths.home} className="flex min-h-11 min-w-0 items-center gap-2 rounded-lg text-foreground">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-9 shrink-0" focusable="false">
        <circle cx="16" cy="16" r="15" fill="var(--primary)" />
        <path
          d="M16 7c-5 0-9 4-9 9s4 9 9 9c-3-2-5-5.2-5-9s2-7 5-9z M16 11a5 5 0 1 1 0 10 5 5 0 0 1 0-10z"
          fill="#fff"
          fillRule="evenodd"
        />
      </svg>
      <span className="logo-name min-w-0 font-serif text-lg leading-tight font-bold nav-wide:max-xl:text-base">{site.practiceName}</span>
    </AppLink>
  );
}
