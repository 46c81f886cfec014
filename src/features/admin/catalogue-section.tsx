import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { adminText, catalogueText as text } from '@/content/admin';
import {
  createProduct,
  packagesQuery,
  productsQuery,
  refreshAfterWrite,
  updateCatalogueItem,
  type CatalogueEdit,
  type PackageRow,
  type ProductRow,
} from './admin-api';
import {
  AdminSection,
  describedBy,
  Field,
  inputClass,
  messageOf,
  Notice,
  QueryState,
  TableFrame,
  Td,
  Th,
} from './admin-ui';
import { AudioFiles } from './audio-files';
import { parsePounds, penceToPounds } from './money-input';
import { money } from './overview-section';

type Editing =
  { kind: 'product'; item: ProductRow } | { kind: 'package'; item: PackageRow } | { kind: 'new' } | null;

export function CatalogueSection() {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const products = useQuery(productsQuery(search));
  const packages = useQuery(packagesQuery(search));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearch(draft);
  }

  function open(next: Editing) {
    setNotice(null);
    setEditing(next);
  }

  return (
    <AdminSection
      title={text.heading}
      actions={
        <Button size="sm" onClick={() => open({ kind: 'new' })}>
          {text.create}
        </Button>
      }
    >
      <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-60 flex-1">
          <Field id={`${id}-search`} label={text.searchLabel}>
            <input
              id={`${id}-search`}
              type="search"
              className={inputClass}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
          </Field>
        </div>
        <Button type="submit" size="sm">
          {adminText.search}
        </Button>
      </form>

      {notice ? <Notice variant="success">{notice}</Notice> : null}
      {editing ? (
        <ItemEditor
          key={editing.kind === 'new' ? 'new' : editing.item.id}
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={(message, created) => {
            setNotice(message);
            setEditing(created ? { kind: 'product', item: created } : null);
          }}
        />
      ) : null}

      <div className="space-y-3">
        <h3 className="text-xl font-semibold text-foreground">{text.productsCaption}</h3>
        <QueryState
          isPending={products.isPending}
          error={products.error}
          onRetry={() => void products.refetch()}
        >
          {() =>
            products.data!.length === 0 ? (
              <p className="text-muted-foreground">{adminText.noResults}</p>
            ) : (
              <TableFrame label={text.productsCaption}>
                <table className="w-full border-collapse">
                  <caption className="sr-only">{text.productsCaption}</caption>
                  <thead>
                    <tr>
                      <Th>{text.title}</Th>
                      <Th>{text.category}</Th>
                      <Th className="text-right">{text.price}</Th>
                      <Th>{text.published}</Th>
                      <Th>{text.actions}</Th>
                    </tr>
                  </thead>
                  <tbody>
                    {products.data!.map((product) => (
                      <tr key={product.id}>
                        <Td className="min-w-48">{product.title}</Td>
                        <Td className="min-w-40">{product.category}</Td>
                        <Td className="text-right tabular-nums">{money(product.price_pence)}</Td>
                        <Td>{product.published ? text.yes : text.no}</Td>
                        <Td>
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={text.editLabel(product.title)}
                            onClick={() => open({ kind: 'product', item: product })}
                          >
                            {text.edit}
                          </Button>
                        </Td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableFrame>
            )
          }
        </QueryState>
      </div>

      <div className="space-y-3">
        <h3 className="text-xl font-semibold text-foreground">{text.packagesCaption}</h3>
        <QueryState
          isPending={packages.isPending}
          error={packages.error}
          onRetry={() => void packages.refetch()}
        >
          {() =>
            packages.data!.length === 0 ? (
              <p className="text-muted-foreground">{adminText.noResults}</p>
            ) : (
              <TableFrame label={text.packagesCaption}>
                <table className="w-full border-collapse">
                  <caption className="sr-only">{text.packagesCaption}</caption>
                  <thead>
                    <tr>
                      <Th>{text.title}</Th>
                      <Th>{text.contents}</Th>
                      <Th className="text-right">{text.price}</Th>
                      <Th>{text.published}</Th>
                      <Th>{text.actions}</Th>
                    </tr>
                  </thead>
                  <tbody>
                    {packages.data!.map((pkg) => (
                      <tr key={pkg.id}>
                        <Td className="min-w-48">{pkg.title}</Td>
                        <Td className="min-w-56">
                          <ol className="list-decimal pl-5">
                            {pkg.package_items.map((entry) => (
                              <li key={entry.position}>{entry.products?.title}</li>
                            ))}
                          </ol>
                        </Td>
                        <Td className="text-right tabular-nums">{money(pkg.price_pence)}</Td>
                        <Td>{pkg.published ? text.yes : text.no}</Td>
                        <Td>
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={text.editLabel(pkg.title)}
                            onClick={() => open({ kind: 'package', item: pkg })}
                          >
                            {text.edit}
                          </Button>
                        </Td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableFrame>
            )
          }
        </QueryState>
      </div>
    </AdminSection>
  );
}

interface FormErrors {
  title?: string;
  category?: string;
  price?: string;
}

function ItemEditor({
  editing,
  onClose,
  onSaved,
}: {
  editing: Exclude<Editing, null>;
  onClose: () => void;
  onSaved: (message: string, created?: ProductRow) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const item = editing.kind === 'new' ? null : editing.item;
  const [title, setTitle] = useState(item?.title ?? '');
  const [category, setCategory] = useState(item?.category ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [price, setPrice] = useState(item ? penceToPounds(item.price_pence) : '2.99');
  const [published, setPublished] = useState(item?.published ?? false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const pence = parsePounds(price);
    const next: FormErrors = {
      title: title.trim() ? undefined : text.titleRequired,
      category: category.trim() ? undefined : text.categoryRequired,
      price: pence === null ? text.priceInvalid : undefined,
    };
    setErrors(next);
    setFailure(null);
    if (next.title || next.category || next.price || pence === null) return;
    const changes: CatalogueEdit = {
      title: title.trim(),
      category: category.trim(),
      description: description.trim(),
      price_pence: pence,
      published,
    };
    setBusy(true);
    try {
      if (editing.kind === 'new') {
        const created = await createProduct(changes);
        refreshAfterWrite(queryClient, ['products', 'packages', 'overview']);
        onSaved(text.created(created.title), created);
      } else {
        await updateCatalogueItem(
          editing.kind === 'product' ? 'products' : 'packages',
          editing.item.id,
          changes,
        );
        refreshAfterWrite(queryClient, ['products', 'packages', 'overview']);
        onSaved(text.saved(changes.title));
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      setFailure(code === '23505' ? text.duplicate : messageOf(error, text.saveFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4 rounded-xl border-2 border-primary p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          id={`${id}-heading`}
          ref={heading}
          tabIndex={-1}
          className="text-xl font-semibold text-foreground"
        >
          {item ? text.editHeading(item.title) : text.createHeading}
        </h3>
        <Button size="sm" variant="ghost" onClick={onClose}>
          {adminText.close}
        </Button>
      </div>
      <form
        onSubmit={(event) => void save(event)}
        noValidate
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      >
        {failure ? (
          <div className="sm:col-span-2">
            <Notice variant="error">{failure}</Notice>
          </div>
        ) : null}
        <Field id={`${id}-title`} label={text.title} error={errors.title}>
          <input
            id={`${id}-title`}
            className={inputClass}
            value={title}
            required
            onChange={(event) => setTitle(event.target.value)}
            {...describedBy(`${id}-title`, errors.title)}
          />
        </Field>
        <Field id={`${id}-category`} label={text.category} error={errors.category}>
          <input
            id={`${id}-category`}
            className={inputClass}
            value={category}
            required
            onChange={(event) => setCategory(event.target.value)}
            {...describedBy(`${id}-category`, errors.category)}
          />
        </Field>
        <div className="sm:col-span-2">
          <Field id={`${id}-description`} label={text.description}>
            <textarea
              id={`${id}-description`}
              className={`${inputClass} min-h-24`}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          </Field>
        </div>
        <Field id={`${id}-price`} label={text.price} error={errors.price} help={text.priceHelp}>
          <input
            id={`${id}-price`}
            className={inputClass}
            inputMode="decimal"
            value={price}
            required
            onChange={(event) => setPrice(event.target.value)}
            {...describedBy(`${id}-price`, errors.price, true)}
          />
        </Field>
        <div className="flex items-center gap-3 self-center">
          <input
            id={`${id}-published`}
            type="checkbox"
            className="size-5 accent-primary"
            checked={published}
            onChange={(event) => setPublished(event.target.checked)}
          />
          <label htmlFor={`${id}-published`} className="font-semibold text-foreground">
            {text.published}
          </label>
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {busy ? adminText.saving : adminText.save}
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            {adminText.cancel}
          </Button>
        </div>
      </form>
      {editing.kind === 'product' ? <AudioFiles product={editing.item} /> : null}
    </section>
  );
}
