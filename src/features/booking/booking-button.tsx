import { CalendarDaysIcon } from '@/components/ui/first-load-icons';
import type { MouseEventHandler, ReactNode } from 'react';
import { buttonVariants, type ButtonProps } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { BOOKING_LINK_ATTRIBUTE } from './booking-prefill';
import { bookingUrl } from './booking-url';

interface BookingButtonProps {
  children?: ReactNode;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  icon?: boolean;
  /** Scheduler username; the configured one unless given (the admin shortcut on /virtual-appointments). */
  username?: string;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
}

/**
 * Every booking button on the site: a real link to the scheduler's 50-minute page in a new tab, so it works
 * without JavaScript, with the scheduler blocked, and with middle-click.
 */
export function BookingButton({
  children = 'Book a 50-Minute Appointment',
  variant = 'primary',
  size = 'lg',
  className,
  icon = true,
  username,
  onClick,
}: BookingButtonProps) {
  return (
    <a
      href={bookingUrl(username)}
      target="_blank"
      rel="noopener"
      className={cn(buttonVariants({ variant, size }), className)}
      onClick={onClick}
      {...{ [BOOKING_LINK_ATTRIBUTE]: '' }}
    >
      {icon ? <CalendarDaysIcon /> : null}
      {children}
      <span className="sr-only"> (opens the booking calendar in a new tab)</span>
    </a>
  );
}
