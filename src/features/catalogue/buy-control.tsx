import { Check, ShoppingCart } from 'lucide-react';
import { Button, buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { catalogueText as text } from '@/content/shop';
import type { CatalogueItemKind, ShopActions } from './catalogue-types';
import { AppLink } from '@/components/ui/app-link';

interface BuyControlProps {
  kind: CatalogueItemKind;
  id: string;
  title: string;
  actions: ShopActions;
}

/** 'Add to Cart', or 'In Cart' (a link to the cart), or 'Owned' for what the customer already has. */
export function BuyControl({ kind, id, title, actions }: BuyControlProps) {
  const availability = actions.availability(kind, id);
  if (availability === 'owned') {
    return (
      <span
        className="inline-flex min-h-10 items-center gap-2 rounded-lg bg-success px-3 text-sm font-semibold text-success-foreground"
        data-testid="owned"
      >
        <Check aria-hidden="true" className="size-4" />
        {text.owned}
        <span className="sr-only">: {text.ownedHint}</span>
      </span>
    );
  }
  if (availability === 'in-cart') {
    return (
      <AppLink to={paths.cart} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
        <Check aria-hidden="true" />
        {text.inCart}
        <span className="sr-only">: {title}</span>
      </AppLink>
    );
  }
  return (
    <Button size="sm" onClick={() => actions.add(kind, id, title)}>
      <ShoppingCart aria-hidden="true" />
      {text.addToCart}
      <span className="sr-only">: {title}</span>
    </Button>
  );
}
