import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { accountText } from '@/content/account';
import { checkFullName, FULL_NAME_MAX_LENGTH } from '@/lib/full-name';
import { FormField, SubmitButton } from './form-controls';
import { useSaveFullName } from './full-name-api';

const text = accountText.name;

/**
 * My Account's 'Your name' form (composed by the route, as the password form is): the customer's name, kept in
 * their auth metadata (docs/customer-name.md) so booking while signed in fills it in on the scheduler. A bad
 * entry shows its problem and sends nothing.
 */
export function FullNameForm({ savedName }: { savedName: string | null }) {
  const id = useId();
  const fieldId = `${id}-name`;
  const [value, setValue] = useState(savedName ?? '');
  const [stored, setStored] = useState(savedName);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveFullName();

  // After a save the field shows what was kept: the trimmed name, or nothing once removed.
  function store(name: string | null) {
    save.mutate(name, {
      onSuccess: () => {
        setStored(name);
        setValue(name ?? '');
      },
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.reset();
    const check = checkFullName(value);
    if (!check.ok) {
      setProblem(check.problem === 'empty' ? text.empty : text.tooLong(FULL_NAME_MAX_LENGTH));
      document.getElementById(fieldId)?.focus();
      return;
    }
    setProblem(null);
    store(check.name);
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4">
      {save.isError ? (
        <Notice variant="error" look="banner">
          {text.failed}
        </Notice>
      ) : null}
      {save.isSuccess ? (
        <Notice variant="success" look="banner">
          {save.variables === null ? text.removed : text.saved}
        </Notice>
      ) : null}
      <FormField
        id={fieldId}
        label={text.label}
        autoComplete="name"
        value={value}
        error={problem}
        onChange={(event) => setValue(event.target.value)}
      />
      <div className="grid gap-2 sm:grid-cols-2">
        <SubmitButton loading={save.isPending}>{text.save}</SubmitButton>
        {stored ? (
          <Button
            variant="secondary"
            className="w-full"
            disabled={save.isPending}
            onClick={() => {
              setProblem(null);
              store(null);
            }}
          >
            {text.remove}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
