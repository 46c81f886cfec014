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

// The shop pages' icons (/audio-library, /individual-audios): their first load keeps lucide-react out too.

export function ArrowLeftIcon({ className }: IconProps) {
  return (
    <FirstLoadIcon name="arrow-left" className={className}>
      <path d="m12 19-7-7 7-7" />
      <path d="M19 12H5" />
    </FirstLoadIcon>
  );
}

export function CheckIcon({ className }: IconProps) {
  return (
    <FirstLoadIcon name="check" className={className}>
      <path d="M20 6 9 17l-5-5" />
    </FirstLoadIcon>
  );
}

export function GiftIcon({ className }: IconProps) {
  return (
    <FirstLoadIcon name="gift" className={className}>
      <path d="M12 7v14" />
      <path d="M20 11v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8" />
      <path d="M7.5 7a1 1 0 0 1 0-5A4.8 8 0 0 1 12 7a4.8 8 0 0 1 4.5-5 1 1 0 0 1 0 5" />
      <rect x="3" y="7" width="18" height="4" rx="1" />
    </FirstLoadIcon>
  );
}

export function LoaderCircleIcon({ className }: IconProps) {
  return (
    // lucide-react adds the icon's former name as a second class.
    <FirstLoadIcon name="loader-circle lucide-loader-2" className={className}>
      <path d="M21 12a9 9 0 1 1-6.219-8.56" />
    </FirstLoadIcon>
  );
}

export function PauseIcon({ className }: IconProps) {
  return (
    <FirstLoadIcon name="pause" className={className}>
      <rect x="14" y="3" width="5" height="18" rx="1" />
      <rect x="5" y="3" width="5" height="18" rx="1" />
    </FirstLoadIcon>
  );
}

export function PlayIcon({ className }: IconProps) {
  return (
    <FirstLoadIcon name="play" className={className}>
      <path d="M5 5a2 2 0 0 1 3.008-1.728l11.997 6.998a2 2 0 0 1 .003 3.458l-12 7A2 2 0 0 1 5 19z" />
    </FirstLoadIcon>
  );
}
