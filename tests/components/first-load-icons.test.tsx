import {
  Accessibility,
  ArrowLeft,
  CalendarDays,
  Check,
  Gift,
  LoaderCircle,
  Pause,
  Play,
  ChevronDown,
  Mail,
  Menu,
  Phone,
  Search,
  ShoppingCart,
  X,
  type LucideIcon,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  AccessibilityIcon,
  ArrowLeftIcon,
  CalendarDaysIcon,
  CheckIcon,
  GiftIcon,
  LoaderCircleIcon,
  PauseIcon,
  PlayIcon,
  ChevronDownIcon,
  MailIcon,
  MenuIcon,
  PhoneIcon,
  SearchIcon,
  ShoppingCartIcon,
  XIcon,
} from '@/components/ui/first-load-icons';

// The icons of a marketing page's first load are written out as markup to keep lucide-react out of every page's first JavaScript
// (src/components/ui/first-load-icons.tsx). They must render exactly what lucide-react renders, or a page
// prerendered with one would not hydrate with the other, and they must follow lucide's artwork when it changes.
const pairs: [string, ComponentType<{ className?: string }>, LucideIcon][] = [
  ['accessibility', AccessibilityIcon, Accessibility],
  ['calendar-days', CalendarDaysIcon, CalendarDays],
  ['chevron-down', ChevronDownIcon, ChevronDown],
  ['mail', MailIcon, Mail],
  ['menu', MenuIcon, Menu],
  ['phone', PhoneIcon, Phone],
  ['search', SearchIcon, Search],
  ['shopping-cart', ShoppingCartIcon, ShoppingCart],
  ['x', XIcon, X],
  ['arrow-left', ArrowLeftIcon, ArrowLeft],
  ['check', CheckIcon, Check],
  ['gift', GiftIcon, Gift],
  // lucide-react adds the icon's former name as a second class.
  ['loader-circle lucide-loader-2', LoaderCircleIcon, LoaderCircle],
  ['pause', PauseIcon, Pause],
  ['play', PlayIcon, Play],
];

describe('first-load icons', () => {
  it.each(pairs)('%s renders the markup lucide-react renders', (name, Ours, Lucide) => {
    const ours = renderToStaticMarkup(<Ours />);
    expect(ours).toBe(renderToStaticMarkup(<Lucide aria-hidden="true" />));
    expect(ours).toContain(`class="lucide lucide-${name}"`);
  });

  it.each(pairs)('%s adds a class name as lucide-react does', (_name, Ours, Lucide) => {
    expect(renderToStaticMarkup(<Ours className="mr-2 size-4" />)).toBe(
      renderToStaticMarkup(<Lucide aria-hidden="true" className="mr-2 size-4" />),
    );
  });
});
