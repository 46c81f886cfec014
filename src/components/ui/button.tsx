import { cva, type VariantProps } from 'class-variance-authority';
import { cloneElement, isValidElement, type ComponentProps, type ReactElement } from 'react';
import { cn } from '@/lib/cn';

export const buttonVariants = cva(
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 [&_svg]:size-5 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground hover:bg-brand-800',
        secondary: 'border-2 border-primary bg-background text-primary hover:bg-primary-soft',
        ghost: 'text-foreground hover:bg-muted',
        link: 'min-h-0 px-0 py-0 text-primary underline underline-offset-4 hover:no-underline',
        inverse: 'bg-white text-brand-800 hover:bg-brand-50',
        destructive: 'bg-destructive text-destructive-foreground hover:opacity-90',
      },
      size: {
        md: '',
        sm: 'min-h-10 px-3 py-1.5 text-sm',
        lg: 'min-h-12 px-6 py-3 text-lg',
        icon: 'size-11 px-0 py-0',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
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
