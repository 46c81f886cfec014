import type { ComponentProps } from 'react';
import { SearchIcon } from './first-load-icons';

interface SearchFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'type' | 'className'> {
  id: string;
  label: string;
  /** Show the label above the box; otherwise it is for screen readers only (the page says what is searched). */
  showLabel?: boolean;
}

/**
 * A page's filter box (the FAQ's search, the shop's audio filter): a search landmark named by its label, with
 * a magnifier and a large type="search" input. It filters as typed, so submitting (Enter) does nothing more.
 * Its icon is a first-load icon: the FAQ's search is part of a marketing page's island.
 */
export function SearchField({ id, label, showLabel = false, ...input }: SearchFieldProps) {
  return (
    <form role="search" aria-label={label} onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id} className={showLabel ? 'mb-2 block font-semibold' : 'sr-only'}>
        {label}
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted-foreground" />
        <input
          id={id}
          type="search"
          autoComplete="off"
          className="min-h-12 w-full rounded-lg border border-input bg-background py-3 pr-4 pl-12 text-base text-foreground placeholder:text-muted-foreground"
          {...input}
        />
      </div>
    </form>
  );
}
