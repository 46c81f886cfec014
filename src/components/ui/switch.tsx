import type { InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/**
 * An on/off switch: a native checkbox announced as a switch, drawn by `.ui-switch` (src/styles). The caller
 * labels it (`<label htmlFor>`) and describes it (`aria-describedby`), so it works with no script loaded.
 */
export function Switch({
  className,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'>) {
  return <input {...props} type="checkbox" role="switch" className={cn('ui-switch', className)} />;
}
