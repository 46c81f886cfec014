import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. (No tailwind-merge: it costs 8 KB of initial JavaScript; components instead avoid
 * passing conflicting utilities.)
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
