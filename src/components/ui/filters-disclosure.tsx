import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { uiText } from '@/content/ui';
import { cn } from '@/lib/cn';

/**
 * A list's filters, folded away on a phone behind a 'Filters' button that says how many are in force, so the
 * first results are on the first screen; from the md breakpoint up they are always shown and the button is
 * gone.
 */
export function FiltersDisclosure({ active, children }: { active: number; children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-3">
      <Button
        type="button"
        size="sm"
        variant="secondary"
        className="md:hidden"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {uiText.filters(active)}
        <ChevronDown
          aria-hidden="true"
          className={cn('motion-safe:transition-transform', open && 'rotate-180')}
        />
      </Button>
      <div id={id} className={open ? undefined : 'max-md:hidden'}>
        {children}
      </div>
    </div>
  );
}
