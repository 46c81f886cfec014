import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { accountText } from '@/content/account';
import { checkFullName, FULL_NAME_KEY, FULL_NAME_MAX_LENGTH } from '@/lib/full-name';
import { getSupabase } from '@/lib/supabase';
import { FormField, FormMessage, SubmitButton } from './form-controls';

const text = accountText.name;

type Outcome = { variant: 'error' | 'success'; text: string } | null;

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
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [saving, setSaving] = useState(false);

  async function store(name: string | null, done: string) {
    setSaving(true);
    try {
      const client = await getSupabase();
      const { error } = await client.auth.updateUser({ data: { [FULL_NAME_KEY]: name } });
      if (error) throw error;
      setStored(name);
      setValue(name ?? '');
      setOutcome({ variant: 'success', text: done });
    } catch {
      setOutcome({ variant: 'error', text: text.failed });
    } finally {
      setSaving(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    const check = checkFullName(value);
    if (!check.ok) {
      setProblem(check.problem === 'empty' ? text.empty : text.tooLong(FULL_NAME_MAX_LENGTH));
      document.getElementById(fieldId)?.focus();
      return;
    }
    setProblem(null);
    void store(check.name, text.saved);
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4">
      {outcome ? <FormMessage variant={outcome.variant}>{outcome.text}</FormMessage> : null}
      <FormField
        id={fieldId}
        label={text.label}
        autoComplete="name"
        value={value}
        error={problem}
        onChange={(event) => setValue(event.target.value)}
      />
      <div className="grid gap-2 sm:grid-cols-2">
        <SubmitButton loading={saving}>
          {text.save}
        </SubmitButton>
        {stored ? (
          <Button
            variant="secondary"
            className="w-full"
            disabled={saving}
            onClick={() => {
              setProblem(null);
              setOutcome(null);
              void store(null, text.removed);
            }}
          >
            {text.remove}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

