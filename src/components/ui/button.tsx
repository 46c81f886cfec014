import { cloneElement, isValidElement, type ComponentProps, type ReactElement } from 'react';
import { cn } from '@/lib/cn';

const baseClass =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 [&_svg]:size-5 [&_svg]:shrink-0';

const variantClass = {
  primary: 'bg-primary text-primary-foreground hover:bg-brand-800',
  secondary: 'border-2 border-primary bg-background text-primary hover:bg-primary-soft',
  ghost: 'text-foreground hover:bg-muted',
  link: 'text-primary underline underline-offset-4 hover:no-underline',
  inverse: 'bg-white text-brand-800 hover:bg-brand-50',
  destructive: 'bg-destructive text-destructive-foreground hover:opacity-90',
} as const;

// Sizes own every padding/height class, so no two utilities for one property ever meet (no class merging).
const sizeClass = {
  md: 'min-h-11 px-5 py-2.5 text-base',
  sm: 'min-h-10 px-3 py-1.5 text-sm',
  lg: 'min-h-12 px-6 py-3 text-lg',
  icon: 'size-11 px-0 py-0',
} as const;

export interface ButtonVariantProps {
  variant?: keyof typeof variantClass | null;
  size?: keyof typeof sizeClass | null;
}

/** The button look, for links styled as buttons too. */
export function buttonVariants({ variant, size }: ButtonVariantProps = {}): string {
  // A link-styled button keeps the text's own size and no padding.
  const sizing = variant === 'link' ? '' : sizeClass[size ?? 'md'];
  return cn(baseClass, variantClass[variant ?? 'primary'], sizing);
}

export type ButtonProps = ComponentProps<'button'> &
  ButtonVariantProps & {
    /** Render the child element (a link) with button styling instead of a <button>. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, children, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) {
    // Styles the single child (a link) as a button; a tiny stand-in for Radix Slot, kept out of the first load.
    if (!isValidElement<{ className?: string }>(children)) throw new Error('Button asChild needs one element child');
    const child = children as ReactElement<{ className?: string }>;
    return cloneElement(child, { ...props, className: cn(classes, child.props.className) });
  }
  return (
    <button className={classes} type={type ?? 'button'} {...props}>
      {children}
    </button>
  );
}
