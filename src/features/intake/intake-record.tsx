import { useQuery } from '@tanstack/react-query';
import { intakeText } from '@/content/intake';
import { intakeQuery, intakeQuestionsQuery, type Intake } from './intake-api';
import { needsAttention, type Answer, type IntakeQuestion } from './intake-model';

const text = intakeText.admin;

function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

function answerText(answer: Answer | undefined): string {
  if (!answer) return text.noAnswer;
  if ('value' in answer) return answer.value.trim() || text.noAnswer;
  const choice = answer.yes === null ? text.noAnswer : answer.yes ? intakeText.yes : intakeText.no;
  return answer.details.trim() ? `${choice}: ${answer.details.trim()}` : choice;
}

/**
 * A client's health form in their record (docs/intake-and-reminders.md): whether it is in, the consents and
 * their times, and every answer, with a "yes" to a screening question marked so it stands out.
 */
export function IntakeRecord({ userId }: { userId: string }) {
  const questions = useQuery(intakeQuestionsQuery());
  const intake = useQuery(intakeQuery(userId));
  return (
    <div className="space-y-3">
      <h4 className="font-semibold text-foreground">{text.heading}</h4>
      {intake.isError || questions.isError ? (
        <p role="alert">{intakeText.loadFailed}</p>
      ) : intake.data === undefined || !questions.data ? (
        <p className="text-muted-foreground">{intakeText.loading}</p>
      ) : intake.data === null ? (
        <p>{text.notIn}</p>
      ) : (
        <IntakeAnswers questions={questions.data} intake={intake.data} />
      )}
    </div>
  );
}

function IntakeAnswers({ questions, intake }: { questions: IntakeQuestion[]; intake: Intake }) {
  const attention = new Set(needsAttention(questions, intake.answers).map((q) => q.id));
  return (
    <>
      <p>
        {intake.submittedAt
          ? text.sentOn(formatWhen(intake.submittedAt))
          : text.draft(formatWhen(intake.updatedAt))}
      </p>
      {intake.healthDataConsentAt ? (
        <p className="text-sm text-muted-foreground">
          {text.consentedOn(formatWhen(intake.healthDataConsentAt))}
          {intake.hypnotherapyConsentAt ? formatWhen(intake.hypnotherapyConsentAt) : text.noConsent}.
        </p>
      ) : null}
      {attention.size > 0 ? (
        <p className="font-semibold text-destructive">{text.attentionCount(attention.size)}</p>
      ) : null}
      <dl className="space-y-2">
        {questions.map((question) => {
          const marked = attention.has(question.id);
          return (
            <div
              key={question.id}
              className={marked ? 'rounded-lg border-2 border-destructive bg-destructive/10 p-2' : 'p-2'}
            >
              <dt className="font-semibold text-foreground">
                {marked ? (
                  <span className="mr-2 rounded bg-destructive px-1.5 py-0.5 text-sm text-destructive-foreground">
                    {text.attention}
                  </span>
                ) : null}
                {question.label}
              </dt>
              <dd className="whitespace-pre-line">{answerText(intake.answers[question.id])}</dd>
            </div>
          );
        })}
      </dl>
    </>
  );
}
