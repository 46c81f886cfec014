import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { catalogueText as text } from '@/content/admin';
import { productsQuery, type ProductRow } from '@/lib/admin-api/products';
import { messageOf, Notice } from '@/components/ui/notice';
import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/input-style';

export interface ContentItem {
  id: string;
  title: string;
}

/**
 * The audios of a package, in order, with "Remove" on each and a picker to add one at the end. No form of its
 * own, so it can sit inside the new-package form; the caller decides whether a change is saved at once.
 */
export function PackageContents({
  items,
  onAdd,
  onRemove,
  error,
  help,
}: {
  items: ContentItem[];
  onAdd: (product: ProductRow) => Promise<void>;
  onRemove: (item: ContentItem) => Promise<void>;
  /** A problem with the contents found by the surrounding form (e.g. publishing with none). */
  error?: string | null;
  help: string;
}) {
  const id = useId();
  const products = useQuery(productsQuery(''));
  const [choice, setChoice] = useState('');
  // The caller's change (saved at once, or kept in the new-package form) with the same pending and error states.
  const changing = useMutation({ mutationFn: (change: () => Promise<void>) => change() });
  const [message, setMessage] = useState<{ variant: 'error' | 'success'; text: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const inPackage = new Set(items.map((item) => item.id));
  const choices = (products.data ?? []).filter((product) => !inPackage.has(product.id));

  function add() {
    const product = choices.find((item) => item.id === choice);
    if (!product) {
      setMessage({ variant: 'error', text: text.addChoose });
      return;
    }
    setMessage(null);
    changing.mutate(() => onAdd(product), {
      onSuccess: () => {
        setChoice('');
        setMessage({ variant: 'success', text: text.added(product.title) });
      },
      onError: (failure) => setMessage({ variant: 'error', text: messageOf(failure, text.addFailed) }),
    });
  }

  function remove(item: ContentItem) {
    setMessage(null);
    changing.mutate(() => onRemove(item), {
      onSuccess: () => {
        setMessage({ variant: 'success', text: text.removed(item.title) });
        // The button that had focus is gone: continue from the list's heading.
        heading.current?.focus();
      },
      onError: (failure) => setMessage({ variant: 'error', text: messageOf(failure, text.removeFailed) }),
    });
  }

  return (
    <div className="space-y-3 rounded-lg border border-border p-3">
      <h4 id={`${id}-heading`} ref={heading} tabIndex={-1} className="font-semibold text-foreground">
        {text.contentsHeading}
      </h4>
      <p id={`${id}-help`} className="text-sm text-muted-foreground">
        {help}
      </p>
      {message ? <Notice variant={message.variant}>{message.text}</Notice> : null}
      {error ? <Notice variant="error">{error}</Notice> : null}
      {items.length === 0 ? (
        <p className="text-muted-foreground">{text.noContents}</p>
      ) : (
        <ol aria-labelledby={`${id}-heading`} className="space-y-2">
          {items.map((item, index) => (
            <li
              key={item.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted px-3 py-2"
            >
              <span className="min-w-0 break-words text-foreground">
                {index + 1}. {item.title}
              </span>
              <Button
                type="button"
                size="sm"
                variant="secondary"
                disabled={changing.isPending}
                aria-label={text.removeItemLabel(item.title)}
                onClick={() => remove(item)}
              >
                {text.removeItem}
              </Button>
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <Field id={`${id}-add`} label={text.addLabel}>
            <select
              id={`${id}-add`}
              className={inputClass}
              value={choice}
              onChange={(event) => setChoice(event.target.value)}
            >
              <option value="">{text.addChoose}</option>
              {choices.map((product) => (
                <option key={product.id} value={product.id}>
                  {`${product.title} (${product.category})${product.published ? '' : ` ${text.unpublishedMark}`}`}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Button type="button" size="sm" disabled={changing.isPending || !products.data} onClick={add}>
          {text.addSubmit}
        </Button>
      </div>
    </div>
  );
}
