import { describe, expect, it } from 'vitest';
import {
  needsAttention,
  parseAnswers,
  parseQuestions,
  questionsAreValid,
  sectionsOf,
  type IntakeQuestion,
} from '@/features/intake/intake-model';

const q = (id: string, kind: IntakeQuestion['kind'], section = 'Health'): IntakeQuestion => ({
  id,
  kind,
  section,
  label: `Question ${id}`,
});

describe('the intake questions', () => {
  it('keeps only well-formed questions from the stored list', () => {
    expect(
      parseQuestions([
        { id: 'phone', kind: 'text', section: 'You', label: 'Phone' },
        { id: 'Bad Id', kind: 'text', label: 'x' },
        { id: 'kind', kind: 'multiple', label: 'x' },
        { id: 'empty', kind: 'yesno', label: ' ' },
        'not a question',
      ]),
    ).toEqual([{ id: 'phone', kind: 'text', section: 'You', label: 'Phone' }]);
    expect(parseQuestions(null)).toEqual([]);
  });

  it('may be saved only with unique, well-formed ids and a text each', () => {
    expect(questionsAreValid([q('a', 'text'), q('b', 'yesno')])).toBe(true);
    expect(questionsAreValid([q('a', 'text'), q('a', 'yesno')])).toBe(false);
    expect(questionsAreValid([{ ...q('a', 'text'), label: '' }])).toBe(false);
    expect(questionsAreValid([q('A-1', 'text')])).toBe(false);
  });

  it('groups consecutive questions of a section', () => {
    const groups = sectionsOf([
      q('a', 'text', 'You'),
      q('b', 'text', 'You'),
      q('c', 'yesno'),
      q('d', 'text', 'You'),
    ]);
    expect(groups.map((g) => [g.section, g.questions.map((x) => x.id)])).toEqual([
      ['You', ['a', 'b']],
      ['Health', ['c']],
      ['You', ['d']],
    ]);
  });
});

describe('answers', () => {
  it('marks only a yes to a yes/no question as needing attention', () => {
    const questions = [
      q('epilepsy', 'yesno'),
      q('pregnancy', 'yesno'),
      q('unanswered', 'yesno'),
      q('phone', 'text'),
    ];
    const answers = parseAnswers({
      epilepsy: { yes: true, details: 'as a child' },
      pregnancy: { yes: false, details: '' },
      phone: { value: 'yes' },
    });
    expect(needsAttention(questions, answers).map((x) => x.id)).toEqual(['epilepsy']);
  });

  it('reads stored answers defensively', () => {
    expect(parseAnswers({ a: { value: 'x' }, b: { yes: 'maybe' }, c: 3, d: null })).toEqual({
      a: { value: 'x' },
      b: { yes: null, details: '' },
    });
    expect(parseAnswers([1])).toEqual({});
  });
});
