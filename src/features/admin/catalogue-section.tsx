import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { adminText, catalogueText as text } from '@/content/admin';
import { formatPence } from '@/lib/format';
import {
  packagesQuery,
  useChangePackageItem,
  useSaveCatalogueItem,
  type CatalogueEdit,
  type CatalogueSave,
  type PackageRow,
} from './api/catalogue';
import { productsQuery, type ProductRow } from '@/lib/admin-api/products';
import { TitledSection } from '@/components/ui/titled-section';
import { DetailPanel } from '@/components/ui/detail-panel';
import { messageOf, Notice } from '@/components/ui/notice';
import { SearchForm } from '@/components/ui/search-form';
import { SiteRebuildNotice } from './site-rebuild-notice';
import { describedBy, Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/input-style';
import { AudioFiles } from './audio-files';
import { QueryTable } from '@/components/ui/data-table';
import { formatLength, parseLength } from './length-input';
import { parsePounds, penceToPounds } from './money-input';
import { PackageContents, type ContentItem } from './package-contents';

type Editing =
  | { kind: 'product'; item: ProductRow }
  | { kind: 'package'; item: PackageRow }
  | { kind: 'new' }
  | { kind: 'new-package' }
  | null;

export function CatalogueSection() {
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // What opened the editor: the focus goes back there when it closes.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const products = useQuery(productsQuery(search));
  const packages = useQuery(packagesQuery(search));

  function open(next: Editing) {
    setNotice(null);
    setOpener(document.activeElement instanceof HTMLElement ? document.activeElement : null);
    setEditing(next);
  }

  function editButton(title: string, next: Editing) {
    return (
      <Button size="sm" variant="secondary" aria-label={text.editLabel(title)} onClick={() => open(next)}>
        {text.edit}
      </Button>
    );
  }

  const editor = editing ? (
    <ItemEditor
      key={editing.kind === 'new' || editing.kind === 'new-package' ? editing.kind : editing.item.id}
      editing={editing}
      returnFocusTo={opener}
      onClose={() => setEditing(null)}
      onSaved={(message, created) => {
        setNotice(message);
        setEditing(created ? { kind: 'product', item: created } : null);
      }}
    />
  ) : null;
  // An item's editor opens under its row; a new item's (or one the list does not show, e.g. a new product
  // outside the search) above the lists.
  const listed = (rows: { id: string }[] | undefined, id: string) =>
    rows?.some((row) => row.id === id) ?? false;
  const editorAt =
    editing?.kind === 'product' && listed(products.data, editing.item.id)
      ? 'products'
      : editing?.kind === 'package' && listed(packages.data, editing.item.id)
        ? 'packages'
        : 'top';
  const detailIn = (list: 'products' | 'packages') =>
    editorAt === list && editing && (editing.kind === 'product' || editing.kind === 'package')
      ? { rowKey: editing.item.id, content: editor }
      : null;

  return (
    <TitledSection
      title={text.heading}
      actions={
        <>
          <Button size="sm" onClick={() => open({ kind: 'new' })}>
            {text.create}
          </Button>
          <Button size="sm" onClick={() => open({ kind: 'new-package' })}>
            {text.createPackage}
          </Button>
        </>
      }
    >
      <SearchForm label={text.searchLabel} onSearch={setSearch} />

      <SiteRebuildNotice />
      {notice ? <Notice variant="success">{notice}</Notice> : null}
      {editorAt === 'top' ? editor : null}

      <div className="space-y-3">
        <h3 className="text-xl font-semibold text-foreground">{text.productsCaption}</h3>
        <QueryTable
          query={products}
          caption={text.productsCaption}
          rowKey={(product) => product.id}
          empty={adminText.noResults}
          detail={detailIn('products')}
          columns={[
            { header: text.title, className: 'min-w-48', cell: (product) => product.title },
            { header: text.category, className: 'min-w-40', cell: (product) => product.category },
            {
              header: text.price,
              numeric: true,
              cell: (product) => formatPence(product.price_pence, { exact: true }),
            },
            { header: text.published, cell: (product) => (product.published ? text.yes : text.no) },
            {
              header: text.actions,
              cell: (product) => editButton(product.title, { kind: 'product', item: product }),
            },
          ]}
        />
      </div>

      <div className="space-y-3">
        <h3 className="text-xl font-semibold text-foreground">{text.packagesCaption}</h3>
        <QueryTable
          query={packages}
          caption={text.packagesCaption}
          rowKey={(pkg) => pkg.id}
          empty={adminText.noResults}
          detail={detailIn('packages')}
          columns={[
            { header: text.title, className: 'min-w-48', cell: (pkg) => pkg.title },
            {
              header: text.contents,
              className: 'min-w-56',
              cell: (pkg) =>
                pkg.package_items.length === 0 ? (
                  text.noContents
                ) : (
                  <ol className="list-decimal pl-5">
                    {pkg.package_items.map((entry) => (
                      <li key={entry.product_id}>{entry.products?.title}</li>
                    ))}
                  </ol>
                ),
            },
            {
              header: text.price,
              numeric: true,
              cell: (pkg) => formatPence(pkg.price_pence, { exact: true }),
            },
            { header: text.published, cell: (pkg) => (pkg.published ? text.yes : text.no) },
            {
              header: text.actions,
              cell: (pkg) => editButton(pkg.title, { kind: 'package', item: pkg }),
            },
          ]}
        />
      </div>
    </TitledSection>
  );
}

interface FormErrors {
  title?: string;
  category?: string;
  price?: string;
  length?: string;
  contents?: string;
}

function ItemEditor({
  editing,
  returnFocusTo,
  onClose,
  onSaved,
}: {
  editing: Exclude<Editing, null>;
  returnFocusTo: HTMLElement | null;
  onClose: () => void;
  onSaved: (message: string, created?: ProductRow) => void;
}) {
  const id = useId();
  const saving = useSaveCatalogueItem();
  const item = editing.kind === 'product' || editing.kind === 'package' ? editing.item : null;
  const isPackage = editing.kind === 'package' || editing.kind === 'new-package';
  const [title, setTitle] = useState(item?.title ?? '');
  const [category, setCategory] = useState(item?.category ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [price, setPrice] = useState(
    item ? penceToPounds(item.price_pence) : isPackage ? NEW_PACKAGE_PRICE : NEW_PRODUCT_PRICE,
  );
  const [published, setPublished] = useState(item?.published ?? false);
  const isProduct = editing.kind === 'product' || editing.kind === 'new';
  const [length, setLength] = useState(
    editing.kind === 'product' ? formatLength(editing.item.duration_seconds) : '',
  );
  // The audios of a new package, chosen before it is created.
  const [newContents, setNewContents] = useState<ContentItem[]>([]);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const pence = parsePounds(price);
    const seconds = isProduct ? parseLength(length) : null;
    const next: FormErrors = {
      title: title.trim() ? undefined : text.titleRequired,
      category: category.trim() ? undefined : text.categoryRequired,
      price: pence === null ? text.priceInvalid : undefined,
      length: Number.isNaN(seconds) ? text.lengthInvalid : undefined,
      contents:
        editing.kind === 'new-package' && published && newContents.length === 0
          ? text.contentsRequired
          : undefined,
    };
    setErrors(next);
    setFailure(null);
    if (next.title || next.category || next.price || next.length || next.contents || pence === null) return;
    const changes: CatalogueEdit = {
      title: title.trim(),
      category: category.trim(),
      description: description.trim(),
      price_pence: pence,
      published,
      ...(isProduct ? { duration_seconds: seconds } : {}),
    };
    const request: CatalogueSave =
      editing.kind === 'new'
        ? { kind: 'new-product', fields: changes }
        : editing.kind === 'new-package'
          ? { kind: 'new-package', fields: changes, productIds: newContents.map((entry) => entry.id) }
          : {
              kind: 'update',
              table: editing.kind === 'product' ? 'products' : 'packages',
              id: editing.item.id,
              fields: changes,
            };
    saving.mutate(request, {
      onSuccess: (created) => {
        if (created) onSaved(text.created(created.title), created);
        else
          onSaved(
            editing.kind === 'new-package' ? text.packageCreated(changes.title) : text.saved(changes.title),
          );
      },
      onError: (error) => {
        const code = (error as { code?: string }).code;
        setFailure(code === '23505' ? text.duplicate : messageOf(error, text.saveFailed));
      },
    });
  }

  const heading = item
    ? text.editHeading(item.title)
    : editing.kind === 'new-package'
      ? text.createPackageHeading
      : text.createHeading;

  return (
    <DetailPanel title={heading} closeLabel={adminText.close} onClose={onClose} returnFocusTo={returnFocusTo}>
      <form onSubmit={save} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
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
        {isProduct ? (
          <Field id={`${id}-length`} label={text.length} error={errors.length} help={text.lengthHelp}>
            <input
              id={`${id}-length`}
              className={inputClass}
              inputMode="numeric"
              value={length}
              onChange={(event) => setLength(event.target.value)}
              {...describedBy(`${id}-length`, errors.length, true)}
            />
          </Field>
        ) : null}
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
        {editing.kind === 'new-package' ? (
          <div className="sm:col-span-2">
            <PackageContents
              items={newContents}
              help={text.contentsHelp}
              error={errors.contents}
              onAdd={(product) => {
                setNewContents((current) => [...current, { id: product.id, title: product.title }]);
                return Promise.resolve();
              }}
              onRemove={(entry) => {
                setNewContents((current) => current.filter((other) => other.id !== entry.id));
                return Promise.resolve();
              }}
            />
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" disabled={saving.isPending}>
            {saving.isPending ? adminText.saving : adminText.save}
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            {adminText.cancel}
          </Button>
        </div>
      </form>
      {editing.kind === 'product' ? (
        <AudioFiles
          product={editing.item}
          onDuration={(seconds) => {
            if (seconds !== null) setLength(formatLength(seconds));
          }}
        />
      ) : null}
      {editing.kind === 'package' ? <SavedPackageContents pkg={editing.item} /> : null}
    </DetailPanel>
  );
}

const NEW_PRODUCT_PRICE = '2.99';
const NEW_PACKAGE_PRICE = '6.99';

/** An existing package's audios: each addition or removal is saved at once (and logged). */
function SavedPackageContents({ pkg }: { pkg: PackageRow }) {
  const changeItem = useChangePackageItem();
  // The list as the database has it now (the row the editor opened with may be older).
  const packages = useQuery(packagesQuery(''));
  const current = packages.data?.find((row) => row.id === pkg.id) ?? pkg;
  const items = current.package_items.map((entry) => ({
    id: entry.product_id,
    title: entry.products?.title ?? '',
  }));

  return (
    <div className="border-t border-border pt-4">
      <PackageContents
        items={items}
        help={`${text.contentsHelp} ${text.contentsSavedAtOnce}`}
        onAdd={(product) =>
          changeItem.mutateAsync({ change: 'add', packageId: pkg.id, productId: product.id })
        }
        onRemove={(entry) =>
          changeItem.mutateAsync({ change: 'remove', packageId: pkg.id, productId: entry.id })
        }
      />
    </div>
  );
}
