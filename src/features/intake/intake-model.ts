// The intake's shapes (docs/intake-and-reminders.md): the practitioner's questions as public.intake_form
// stores them, and a client's answers as public.intakes stores them (by question id).

export type QuestionKind = 'text' | 'longtext' | 'yesno';

export interface IntakeQuestion {
  id: string;
  kind: QuestionKind;
  section: string;
  label: string;
}

export type Answer = { value: string } | { yes: boolean | null; details: string };
export type Answers = Record<string, Answer>;

const KINDS: readonly QuestionKind[] = ['text', 'longtext', 'yesno'];
export const QUESTION_ID = /^[a-z][a-z0-9_]{0,49}$/;

/** The stored question list, keeping only well-formed questions (a bad row never breaks the form). */
export function parseQuestions(raw: unknown): IntakeQuestion[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, kind, section, label } = item as Record<string, unknown>;
    if (typeof id !== 'string' || !QUESTION_ID.test(id)) return [];
    if (typeof label !== 'string' || label.trim() === '') return [];
    if (!KINDS.includes(kind as QuestionKind)) return [];
    return [{ id, kind: kind as QuestionKind, section: typeof section === 'string' ? section : '', label }];
  });
}

/** True when every question has a text and a unique, well-formed id (what the admin editor may save). */
export function questionsAreValid(questions: readonly IntakeQuestion[]): boolean {
  const ids = new Set(questions.map((q) => q.id));
  return (
    ids.size === questions.length &&
    questions.every((q) => QUESTION_ID.test(q.id) && q.label.trim() !== '' && KINDS.includes(q.kind))
  );
}

/** Consecutive questions of the same section, in order: one fieldset each. */
export function sectionsOf(
  questions: readonly IntakeQuestion[],
): { section: string; questions: IntakeQuestion[] }[] {
  const groups: { section: string; questions: IntakeQuestion[] }[] = [];
  for (const question of questions) {
    const last = groups.at(-1);
    if (last && last.section === question.section) last.questions.push(question);
    else groups.push({ section: question.section, questions: [question] });
  }
  return groups;
}

/** The yes/no questions answered yes: what the practitioner must look at first. */
export function needsAttention(questions: readonly IntakeQuestion[], answers: Answers): IntakeQuestion[] {
  return questions.filter((q) => {
    const answer = answers[q.id];
    return q.kind === 'yesno' && answer !== undefined && 'yes' in answer && answer.yes === true;
  });
}

/** Answers as read from the database, keeping only well-formed ones. */
export function parseAnswers(raw: unknown): Answers {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const answers: Answers = {};
  for (const [id, value] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof value !== 'object' || value === null) continue;
    const v = value as Record<string, unknown>;
    if (typeof v.value === 'string') answers[id] = { value: v.value };
    else if ('yes' in v)
      answers[id] = {
        yes: typeof v.yes === 'boolean' ? v.yes : null,
        details: typeof v.details === 'string' ? v.details : '',
      };
  }
  return answers;
}
