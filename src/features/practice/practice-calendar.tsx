import { practiceText as text } from '@/content/practice';
import { cn } from '@/lib/cn';
import { daysOfMonth, weekdayIndex } from './practice-days';

interface PracticeCalendarProps {
  /** Any day of the month shown, 'YYYY-MM-DD'. */
  month: string;
  today: string;
  secondsByDay: ReadonlyMap<string, number>;
  /** The month's name for the caption ('November 2026'). */
  monthName: string;
}

/** Weeks of the month as rows of seven cells (Monday first); null where a week runs outside the month. */
function weeksOf(month: string): (string | null)[][] {
  const days = daysOfMonth(month);
  const cells: (string | null)[] = [...Array<null>(weekdayIndex(days[0]!)).fill(null), ...days];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/** How full a day's dot is: a few calm steps, never a score. */
function shade(seconds: number): string {
  if (seconds <= 0) return 'bg-transparent border border-border';
  if (seconds < 10 * 60) return 'bg-primary/40';
  if (seconds < 30 * 60) return 'bg-primary/70';
  return 'bg-primary';
}

/**
 * The month as a small table: each day's number and a dot for listening, with the minutes as text for screen
 * readers ('3 November: 25 minutes'). A plain table, not a grid widget: nothing in it is interactive.
 */
export function PracticeCalendar({ month, today, secondsByDay, monthName }: PracticeCalendarProps) {
  const monthIndex = Number(month.slice(5, 7)) - 1;
  return (
    <table className="w-full max-w-sm table-fixed border-collapse text-center text-sm">
      <caption className="sr-only">{text.calendarCaption(monthName)}</caption>
      <thead>
        <tr>
          {text.weekdays.map((weekday) => (
            <th key={weekday.long} scope="col" className="pb-1 font-medium text-muted-foreground">
              <abbr title={weekday.long} className="no-underline">
                {weekday.short}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeksOf(month).map((week) => (
          <tr key={week.find(Boolean)}>
            {week.map((day, i) => {
              if (!day) return <td key={`empty-${i}`} />;
              const seconds = secondsByDay.get(day) ?? 0;
              const dayOfMonth = Number(day.slice(8, 10));
              return (
                <td key={day} className="py-1" aria-current={day === today ? 'date' : undefined}>
                  <span
                    className={cn(
                      'mx-auto flex size-9 flex-col items-center justify-center rounded-full',
                      day === today && 'ring-2 ring-ring ring-offset-1 ring-offset-card',
                    )}
                  >
                    <span aria-hidden="true" className="leading-none text-foreground">
                      {dayOfMonth}
                    </span>
                    <span aria-hidden="true" className={cn('mt-1 size-2 rounded-full', shade(seconds))} />
                    <span className="sr-only">
                      {text.dayLabel(dayOfMonth, monthIndex, seconds)}
                      {day === today ? `, ${text.today}` : ''}
                    </span>
                  </span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
