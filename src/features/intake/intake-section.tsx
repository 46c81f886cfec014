import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { AppLink } from '@/components/ui/app-link';
import { inputClass } from '@/components/ui/input-style';
import { paths } from '@/config/paths';
import { intakeText as text } from '@/content/intake';
import {
  deleteIntake,
  intakeQuery,
  intakeQuestionsQuery,
  rememberTimeZone,
  saveIntake,
  type Intake,
} from './intake-api';
import { sectionsOf, type Answer, type Answers, type IntakeQuestion } from './intake-model';
import { useAutosave } from './use-autosave';
import { SectionCard } from '@/components/ui/section-card';

interface FormState {
  answers: Answers;
  healthDataConsent: boolean;
  hypnotherapyConsent: boolean;
  submitted: boolean;
}

function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * My Account's health form (docs/intake-and-reminders.md): consent to keeping the answers first (nothing is
 * kept before it), then the practitioner's questions, saved as the client types; sent to the practitioner with
 * the consent to hypnotherapy, and still editable after.
 */
export function IntakeSection({ userId }: { userId: string }) {
  const questions = useQuery(intakeQuestionsQuery());
  const intake = useQuery(intakeQuery(userId));

  // The reminders give times in this browser's zone.
  useEffect(() => {
    void rememberTimeZone(userId).catch(() => undefined);
  }, [userId]);

  return (
    <SectionCard id="intake" title={text.title} lead={text.lead}>
      {questions.isError || intake.isError ? (
        <p role="alert">{text.loadFailed}</p>
      ) : questions.data && intake.data !== undefined ? (
        <IntakeForm userId={userId} questions={questions.data} saved={intake.data} />
      ) : (
        <p className="text-muted-foreground">{text.loading}</p>
      )}
    </SectionCard>
  );
}

function IntakeForm({
  userId,
  questions,
  saved,
}: {
  userId: string;
  questions: IntakeQuestion[];
  saved: Intake | null;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<FormState>(() => ({
    answers: saved?.answers ?? {},
    healthDataConsent: saved?.healthDataConsentAt != null,
    hypnotherapyConsent: saved?.hypnotherapyConsentAt != null,
    submitted: saved?.submittedAt != null,
  }));
  const [submittedAt, setSubmittedAt] = useState(saved?.submittedAt ?? null);
  const [deleted, setDeleted] = useState(false);
  const { status, change } = useAutosave(async (value: FormState) => {
    const result = await saveIntake(userId, { ...value, consentWording: text.healthConsent.wording });
    setSubmittedAt(result.submittedAt);
    queryClient.setQueryData(intakeQuery(userId).queryKey, result);
  });

  // An emailed link (/account#intake) brings the form into view once it is here.
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (window.location.hash !== '#intake') return;
    const section = document.getElementById('intake');
    section?.scrollIntoView();
    heading.current?.focus();
  }, []);

  function update(next: Partial<FormState>, now = false) {
    const value = { ...state, ...next };
    setState(value);
    setDeleted(false);
    change(value, { now });
  }

  function answer(id: string, value: Answer) {
    update({ answers: { ...state.answers, [id]: value } });
  }

  function send(event: FormEvent) {
    event.preventDefault();
    if (!state.hypnotherapyConsent) return;
    update({ submitted: true }, true);
  }

  async function remove() {
    await deleteIntake(userId);
    const empty = { answers: {}, healthDataConsent: false, hypnotherapyConsent: false, submitted: false };
    setState(empty);
    setSubmittedAt(null);
    setDeleted(true);
    queryClient.setQueryData(intakeQuery(userId).queryKey, null);
  }

  const statusText =
    status === 'saving'
      ? text.saving
      : status === 'saved'
        ? text.saved
        : status === 'failed'
          ? text.saveFailed
          : deleted
            ? text.deleted
            : '';

  return (
    <form onSubmit={send} noValidate className="space-y-6">
      <div ref={heading} tabIndex={-1} className="space-y-3 outline-none">
        <fieldset className="space-y-2 rounded-lg border border-border p-4">
          <legend className="px-1 font-semibold text-foreground">{text.healthConsent.legend}</legend>
          <p className="text-sm text-muted-foreground">{text.healthConsent.wording}</p>
          <p className="text-sm">
            <AppLink to={paths.privacyPolicy}>{text.healthConsent.policyLink}</AppLink>
          </p>
          <label className="flex min-h-11 items-start gap-3">
            <input
              type="checkbox"
              className="mt-1 size-5 shrink-0"
              checked={state.healthDataConsent}
              // Withdrawing is "Delete my answers" below: the answers go with the consent.
              disabled={state.healthDataConsent}
              onChange={(event) => update({ healthDataConsent: event.target.checked }, true)}
              aria-describedby="intake-health-consent-help"
            />
            <span>{text.healthConsent.label}</span>
          </label>
          {state.healthDataConsent ? null : (
            <p id="intake-health-consent-help" className="text-sm text-muted-foreground">
              {text.healthConsent.help}
            </p>
          )}
        </fieldset>
      </div>

      <fieldset disabled={!state.healthDataConsent} className="space-y-6 disabled:opacity-60">
        {sectionsOf(questions).map((group) => (
          <fieldset key={group.questions[0]?.id} className="space-y-4">
            <legend className="font-serif text-xl font-bold text-foreground">{group.section}</legend>
            {group.questions.map((question) => (
              <QuestionField
                key={question.id}
                question={question}
                answer={state.answers[question.id]}
                onAnswer={(value) => answer(question.id, value)}
              />
            ))}
          </fieldset>
        ))}

        <fieldset className="space-y-2 rounded-lg border border-border p-4">
          <legend className="px-1 font-semibold text-foreground">{text.hypnotherapyConsent.legend}</legend>
          <label className="flex min-h-11 items-start gap-3">
            <input
              type="checkbox"
              className="mt-1 size-5 shrink-0"
              checked={state.hypnotherapyConsent}
              disabled={state.submitted}
              onChange={(event) => update({ hypnotherapyConsent: event.target.checked })}
            />
            <span>{text.hypnotherapyConsent.label}</span>
          </label>
        </fieldset>
      </fieldset>

      <p role="status" className="min-h-6 text-sm text-muted-foreground">
        {statusText}
      </p>
      {submittedAt ? (
        <p className="font-semibold text-foreground">{text.sent(formatWhen(submittedAt))}</p>
      ) : (
        <div className="space-y-2">
          <Button type="submit" disabled={!state.healthDataConsent || !state.hypnotherapyConsent}>
            {text.send}
          </Button>
          {state.healthDataConsent && !state.hypnotherapyConsent ? (
            <p className="text-sm text-muted-foreground">{text.sendNeedsConsent}</p>
          ) : null}
        </div>
      )}
      {state.healthDataConsent ? (
        <Button type="button" variant="secondary" size="sm" onClick={() => void remove()}>
          {text.deleteAnswers}
        </Button>
      ) : null}
    </form>
  );
}

function QuestionField({
  question,
  answer,
  onAnswer,
}: {
  question: IntakeQuestion;
  answer: Answer | undefined;
  onAnswer: (value: Answer) => void;
}) {
  const id = `intake-${question.id}`;
  if (question.kind === 'yesno') {
    const current = answer && 'yes' in answer ? answer : { yes: null, details: '' };
    return (
      <fieldset className="space-y-2">
        <legend className="font-semibold text-foreground">{question.label}</legend>
        <div className="flex flex-wrap gap-6">
          {([true, false] as const).map((value) => (
            <label key={String(value)} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={id}
                className="size-5"
                checked={current.yes === value}
                onChange={() => onAnswer({ ...current, yes: value })}
              />
              {value ? text.yes : text.no}
            </label>
          ))}
        </div>
        <label htmlFor={`${id}-details`} className="block text-sm font-semibold text-foreground">
          {text.details}
          <span className="sr-only">: {question.label}</span>
        </label>
        <textarea
          id={`${id}-details`}
          rows={2}
          className={inputClass}
          value={current.details}
          onChange={(event) => onAnswer({ ...current, details: event.target.value })}
        />
      </fieldset>
    );
  }
  const value = answer && 'value' in answer ? answer.value : '';
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block font-semibold text-foreground">
        {question.label}
      </label>
      {question.kind === 'longtext' ? (
        <textarea
          id={id}
          rows={3}
          className={inputClass}
          value={value}
          onChange={(event) => onAnswer({ value: event.target.value })}
        />
      ) : (
        <input
          id={id}
          type="text"
          className={inputClass}
          value={value}
          onChange={(event) => onAnswer({ value: event.target.value })}
        />
      )}
    </div>
  );
}
