import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/input-style';
import { intakeText } from '@/content/intake';
import { intakeQuestionsQuery, saveQuestions } from './intake-api';
import { questionsAreValid, type IntakeQuestion, type QuestionKind } from './intake-model';

const text = intakeText.admin;
const KINDS = Object.keys(text.kinds) as QuestionKind[];

/**
 * The admin's editor of the intake questions (public.intake_form): reword, reorder, add and remove questions.
 * Answers are kept by question id, so an existing question keeps its id; a new one gets one from its text.
 */
export function IntakeQuestionsEditor() {
  const query = useQuery(intakeQuestionsQuery());
  return (
    <section aria-labelledby="intake-questions-title" className="space-y-4">
      <h2 id="intake-questions-title" className="font-serif text-2xl font-bold text-foreground">
        {text.editorHeading}
      </h2>
      <p className="text-muted-foreground">{text.editorLead}</p>
      {query.isError ? (
        <p role="alert">{intakeText.loadFailed}</p>
      ) : query.data ? (
        <Editor initial={query.data} />
      ) : (
        <p className="text-muted-foreground">{intakeText.loading}</p>
      )}
    </section>
  );
}

function Editor({ initial }: { initial: IntakeQuestion[] }) {
  const queryClient = useQueryClient();
  const [questions, setQuestions] = useState(initial);
  const [known] = useState(() => new Set(initial.map((q) => q.id)));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  function edit(index: number, change: Partial<IntakeQuestion>) {
    setMessage(null);
    setQuestions(questions.map((q, i) => (i === index ? { ...q, ...change } : q)));
  }

  function move(index: number) {
    const next = [...questions];
    [next[index - 1], next[index]] = [next[index]!, next[index - 1]!];
    setQuestions(next);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!questionsAreValid(questions)) {
      setMessage({ ok: false, text: text.invalid });
      return;
    }
    setSaving(true);
    try {
      await saveQuestions(questions);
      await queryClient.invalidateQueries({ queryKey: intakeQuestionsQuery().queryKey });
      setMessage({ ok: true, text: text.savedQuestions });
    } catch {
      setMessage({ ok: false, text: text.saveFailed });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} noValidate className="space-y-4">
      <ol className="space-y-4">
        {questions.map((question, index) => {
          const n = index + 1;
          const id = `intake-question-${index}`;
          return (
            <li key={index} className="space-y-3 rounded-lg border border-border p-4">
              <fieldset className="space-y-3">
                <legend className="font-semibold text-foreground">{text.question(n)}</legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  <div className="space-y-1">
                    <label htmlFor={`${id}-label`} className="block text-sm font-semibold">
                      {text.labelLabel}
                    </label>
                    <input
                      id={`${id}-label`}
                      className={inputClass}
                      value={question.label}
                      onChange={(event) => edit(index, { label: event.target.value })}
                    />
                  </div>
                  <div className="space-y-1">
                    <label htmlFor={`${id}-section`} className="block text-sm font-semibold">
                      {text.sectionLabel}
                    </label>
                    <input
                      id={`${id}-section`}
                      className={inputClass}
                      value={question.section}
                      onChange={(event) => edit(index, { section: event.target.value })}
                    />
                  </div>
                  <div className="space-y-1">
                    <label htmlFor={`${id}-kind`} className="block text-sm font-semibold">
                      {text.kindLabel}
                    </label>
                    <select
                      id={`${id}-kind`}
                      className={inputClass}
                      value={question.kind}
                      onChange={(event) => edit(index, { kind: event.target.value as QuestionKind })}
                    >
                      {KINDS.map((kind) => (
                        <option key={kind} value={kind}>
                          {text.kinds[kind]}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="space-y-1">
                    <label htmlFor={`${id}-id`} className="block text-sm font-semibold">
                      {text.idLabel}
                    </label>
                    <input
                      id={`${id}-id`}
                      className={inputClass}
                      value={question.id}
                      readOnly={known.has(question.id)}
                      onChange={(event) => edit(index, { id: event.target.value })}
                    />
                  </div>
                </div>
              </fieldset>
              <div className="flex flex-wrap gap-2">
                {index > 0 ? (
                  <Button type="button" variant="secondary" size="sm" onClick={() => move(index)}>
                    {text.moveUp(n)}
                  </Button>
                ) : null}
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  onClick={() => setQuestions(questions.filter((_, i) => i !== index))}
                >
                  {text.remove(n)}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            setQuestions([
              ...questions,
              { id: `question_${questions.length + 1}`, kind: 'longtext', section: '', label: '' },
            ])
          }
        >
          {text.add}
        </Button>
        <Button type="submit" disabled={saving}>
          {text.save}
        </Button>
      </div>
      {message ? (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={message.ok ? '' : 'font-semibold text-destructive'}
        >
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
