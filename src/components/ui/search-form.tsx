import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/input-style';
import { uiText } from '@/content/ui';

/** A search box with its button (the list searches when it is submitted). */
export function SearchForm({ label, onSearch }: { label: string; onSearch: (text: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(draft);
  }
  return (
    <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1 basis-60">
        <Field id={`${id}-search`} label={label}>
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
        {uiText.search}
      </Button>
    </form>
  );
}
