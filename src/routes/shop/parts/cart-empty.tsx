import { ShoppingCart } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cartText as text } from '@/content/orders';
import { AppLink } from '@/components/ui/app-link';

/** The empty cart (on /cart and /checkout): links to both catalogue pages. */
export function CartEmpty() {
  return (
    <div className="rounded-xl border border-border p-8 text-center">
      <ShoppingCart aria-hidden="true" className="mx-auto size-10 text-primary" />
      <h2 className="mt-4 font-serif text-2xl font-bold">{text.emptyTitle}</h2>
      <p className="mt-2 text-muted-foreground">{text.emptyText}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <AppLink to={paths.audioLibrary} className={buttonVariants()}>
          {text.browsePackages}
        </AppLink>
        <AppLink to={paths.individualAudios} className={buttonVariants({ variant: 'secondary' })}>
          {text.browseIndividual}
        </AppLink>
      </div>
    </div>
  );
}
