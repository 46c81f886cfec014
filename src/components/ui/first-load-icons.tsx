import type { ReactNode } from 'react';

// The icons a marketing page's first load renders (the chrome: header, footer, booking button; the cookie banner;
// the FAQ islands): the same SVG that lucide-react renders for them (lucide's artwork, ISC licence), written out
// as markup. Rendering them with lucide-react put its icon builder (about 1.3 KB gzip) in every page's first
// JavaScript (docs/architecture.md's budget); pages that load later keep using lucide-react. The markup must stay
// identical to lucide's, or hydration of a prerendered page would not match:
// tests/components/first-load-icons.test.tsx compares them.

interface IconProps {
  className?: string;
}

function FirstLoadIcon({ name, className, children }: IconProps & { name: string; children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

export function AccessibilityIcon({ className }: IconProps) {
  return (
    <FirstLoadIcon name="accessibility" className={className}>
      <circle cx="16" cy="4" r="1" />
      <path d="m18 19 1-7-6 1" />
      <path d="m5 8 3-3 5.5 3-2.36 3.5" />
      <path d="M4.24 14.5a5 5 0 0 0 6.88 6" />
      <path d="M13.76 17.5a5 5 0 0 0-6.88-6" />
    </FirstLoadIcon>
  );
}

export function CalendarDaysIcon({ className }: IconProps) {
  return (
    <FirstLoadIcon name="calendar-days" className={className}>
      <path d="M8 2v3" />
      <path d="M16 2v3" />
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="M3 9h18" />
      <path d="M8 13h.01" />
      <path d="M12 13h.01" />
      <path d="M16 13h.01" />
      <path d="M8 17h.01" />
      <path d="M12 17h.01" />
      <path d="M16 17h.01" />
    </FirstLoadIcon>
  );
}

export function MailIcon({ className }: IconProps) {
  return (
    <FirstLoadIcon name="mail" className={className}>
      <path d="m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7" />
      <rect x="2" y="4" width="20" height="16" rx="2" />
    </FirstLoadIcon>
  );
}

export function MenuIcon({ className }: IconProps) {
  return (
    <FirstLoadIcon name="menu" className={className}>
      <path d="M4 5h16" />
      <path d="M4 12h16" />
      <path d="M4 19h16" />
    </FirstLoadIcon>
  );
}

export function PhoneIcon({ className }: IconProps) {
  return (
    <FirstLoadIcon name="phone" className={className}>
      <path d="M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384" />
    </FirstLoadIcon>
  );
}

export function ShoppingCartIcon({ className }: IconProps) {
  return (
    <FirstLoadIcon name="shopping-cart" className={className}>
      <path d="m2.05 2.05 1.099-.028a1 1 0 0 1 1.008.815l2.69 14.347A1 1 0 0 0 7.83 18H18" />
      <path d="M4.563 5h16.435a1 1 0 0 1 .981 1.204l-1.026 6.226A2 2 0 0 1 18.962 14H6.25" />
      <circle cx="18" cy="20" r="2" />
      <circle cx="8" cy="20" r="2" />
    </FirstLoadIcon>
  );
}

export function ChevronDownIcon({ className }: IconProps) {
  return (
    <FirstLoadIcon name="chevron-down" className={className}>
      <path d="m6 9 6 6 6-6" />
    </FirstLoadIcon>
  );
}

export function SearchIcon({ className }: IconProps) {
  return (
    <FirstLoadIcon name="search" className={className}>
      <path d="m21 21-4.34-4.34" />
      <circle cx="11" cy="11" r="8" />
    </FirstLoadIcon>
  );
}

export function XIcon({ className }: IconProps) {
  return (
    <FirstLoadIcon name="x" className={className}>
      <path d="M18 6 6 18" />
      <path d="m6 6 12 12" />
    </FirstLoadIcon>
  );
}
