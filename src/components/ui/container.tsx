import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const widthClass = {
  md: 'max-w-md',
  '3xl': 'max-w-3xl',
  '4xl': 'max-w-4xl',
  '5xl': 'max-w-5xl',
  '6xl': 'max-w-6xl',
} as const;

interface ContainerProps extends ComponentProps<'div'> {
  /** The column's maximum width; a prop rather than a class so it never competes with the default. */
  width?: keyof typeof widthClass;
}

/** The page's content column: comfortable on a 375 px phone and a 1280 px desktop alike. */
export function Container({ className, width = '6xl', ...props }: ContainerProps) {
  return <div className={cn('mx-auto w-full px-4 sm:px-6 lg:px-8', widthClass[width], className)} {...props} />;
}
