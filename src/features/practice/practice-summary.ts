// What the practice log shows, from the sessions read: time per day, days practised this week and in the month
// shown, tracks finished. A day counts as practised from one minute of listening (docs/practice-log.md).
import { addDays, daysOfMonth, monthStart, weekStart } from './practice-days';
import type { PracticeSession } from './practice-api';

/** Listening that makes a day count as practised. */
export const PRACTISED_DAY_SECONDS = 60;

export interface PracticeSummary {
  /** Seconds listened per day of the month shown ('YYYY-MM-DD' → seconds; days without listening absent). */
  secondsByDay: Map<string, number>;
  /** Days practised from Monday to today (only when today is in the range read). */
  daysThisWeek: number;
  daysThisMonth: number;
  minutesThisMonth: number;
  finishedThisMonth: number;
}

/** The days to read for the month holding `month` seen on `today`: the month, and this week when it is today's. */
export function practiceRange(month: string, today: string): { from: string; to: string } {
  const days = daysOfMonth(month);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  if (monthStart(today) !== first) return { from: first, to: last };
  const monday = weekStart(today);
  return { from: monday < first ? monday : first, to: last };
}

export function summarisePractice(
  sessions: readonly PracticeSession[],
  month: string,
  today: string,
): PracticeSummary {
  const perDay = new Map<string, number>();
  for (const s of sessions) perDay.set(s.day, (perDay.get(s.day) ?? 0) + s.seconds);
  const monthDays = new Set(daysOfMonth(month));
  const practised = (day: string) => (perDay.get(day) ?? 0) >= PRACTISED_DAY_SECONDS;
  const secondsByDay = new Map([...perDay].filter(([day]) => monthDays.has(day)));
  let daysThisWeek = 0;
  for (let day = weekStart(today); day <= today; day = addDays(day, 1)) if (practised(day)) daysThisWeek += 1;
  const monthSeconds = [...secondsByDay.values()].reduce((sum, seconds) => sum + seconds, 0);
  return {
    secondsByDay,
    daysThisWeek,
    daysThisMonth: [...secondsByDay.keys()].filter(practised).length,
    minutesThisMonth: Math.round(monthSeconds / 60),
    finishedThisMonth: sessions.filter((s) => s.finished && monthDays.has(s.day)).length,
  };
}
