import { useEffect, useRef } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { CheckIcon, ShoppingCartIcon } from '@/components/ui/first-load-icons';
import { paths } from '@/config/paths';
import { catalogueText as text } from '@/content/shop';
import type { ShopActions, ShopItemRef } from './catalogue-types';
import { AppLink } from '@/components/ui/app-link';

interface BuyControlProps {
  item: ShopItemRef;
  title: string;
  actions: ShopActions;
}

/** 'Add to Cart', or 'In Cart' (a link to the cart), or 'Owned' for what the customer already has. */
export function BuyControl({ item, title, actions }: BuyControlProps) {
  const availability = actions.availability(item);
  // Add to Cart is replaced by 'In Cart': when the press came from this button, focus moves to the link that
  // replaces it instead of dropping to the page.
  const pressed = useRef(false);
  const inCart = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (availability === 'in-cart' && pressed.current) inCart.current?.querySelector('a')?.focus();
    pressed.current = false;
  }, [availability]);

  if (availability === 'owned') {
    return (
      <span
        className="inline-flex min-h-10 items-center gap-2 rounded-lg bg-success px-3 text-sm font-semibold text-success-foreground"
        data-testid="owned"
      >
        <CheckIcon className="size-4" />
        {text.owned}
        <span className="sr-only">: {text.ownedHint}</span>
      </span>
    );
  }
  if (availability === 'in-cart') {
    return (
      <span ref={inCart} className="contents">
        <AppLink to={paths.cart} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
          <CheckIcon />
          {text.inCart}
          <span className="sr-only">: {title}</span>
        </AppLink>
      </span>
    );
  }
  return (
    <Button
      size="sm"
      onClick={(event) => {
        pressed.current = document.activeElement === event.currentTarget;
        actions.add(item, title);
      }}
    >
      <ShoppingCartIcon />
      {text.addToCart}
      <span className="sr-only">: {title}</span>
    </Button>
  );
}
