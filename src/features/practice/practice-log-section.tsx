import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { practiceText as text } from '@/content/practice';
import { practiceSessionsQueryOptions } from './practice-api';
import { PracticeCalendar } from './practice-calendar';
import { addDays, daysOfMonth, localDay, monthStart } from './practice-days';
import { practiceRange, summarisePractice } from './practice-summary';
import { usePracticeLogHidden } from './practice-visibility';
import { SectionCard } from '@/components/ui/section-card';

/** The practice log in My Account: calm figures and a small calendar of a month; can be hidden. */
export function PracticeLogSection({ userId, now = new Date() }: { userId: string; now?: Date }) {
  const [hidden, setHidden] = usePracticeLogHidden();
  const toggle = (
    <Button size="sm" variant="secondary" onClick={() => setHidden(!hidden)}>
      {hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
      {hidden ? text.show : text.hide}
    </Button>
  );
  return (
    <SectionCard
      id="practice"
      title={text.title}
      lead={hidden ? text.hiddenNote : text.lead}
      actions={toggle}
    >
      {hidden ? null : <PracticeLog userId={userId} today={localDay(now)} />}
    </SectionCard>
  );
}

function PracticeLog({ userId, today }: { userId: string; today: string }) {
  const [month, setMonth] = useState(() => monthStart(today));
  const { from, to } = practiceRange(month, today);
  const sessions = useQuery(practiceSessionsQueryOptions(userId, from, to));
  const monthIndex = Number(month.slice(5, 7)) - 1;
  const monthName = text.monthName(monthIndex, Number(month.slice(0, 4)));
  const isThisMonth = month === monthStart(today);
  const days = daysOfMonth(month);

  return (
    <div id="practice-log-body" className="space-y-4">
      <div className="flex items-center gap-2">
        <Button
          size="icon"
          variant="ghost"
          aria-label={text.previousMonth}
          onClick={() => setMonth(monthStart(addDays(month, -1)))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <h3 className="min-w-36 text-center text-lg font-semibold text-foreground" aria-live="polite">
          {monthName}
        </h3>
        <Button
          size="icon"
          variant="ghost"
          aria-label={text.nextMonth}
          disabled={isThisMonth}
          onClick={() => setMonth(addDays(days[days.length - 1]!, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <QueryState query={sessions} text={text} look="inline">
        {(list) => (
          <PracticeFigures
            summary={summarisePractice(list, month, today)}
            month={month}
            monthName={monthName}
            today={today}
            isThisMonth={isThisMonth}
          />
        )}
      </QueryState>
    </div>
  );
}

function PracticeFigures({
  summary,
  month,
  monthName,
  today,
  isThisMonth,
}: {
  summary: ReturnType<typeof summarisePractice>;
  month: string;
  monthName: string;
  today: string;
  isThisMonth: boolean;
}) {
  const figure = 'rounded-lg bg-muted/50 px-4 py-3';
  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
      <dl className="grid flex-1 gap-3 sm:max-w-xs">
        {isThisMonth ? (
          <div className={figure}>
            <dt className="text-sm text-muted-foreground">{text.thisWeek}</dt>
            <dd className="font-semibold text-foreground">{text.days(summary.daysThisWeek)}</dd>
          </div>
        ) : null}
        <div className={figure}>
          <dt className="text-sm text-muted-foreground">{isThisMonth ? text.thisMonth : monthName}</dt>
          <dd className="font-semibold text-foreground">
            {text.days(summary.daysThisMonth)}, {text.minutes(summary.minutesThisMonth)}
          </dd>
        </div>
        <div className={figure}>
          <dt className="text-sm text-muted-foreground">{text.finished}</dt>
          <dd className="font-semibold text-foreground">{text.tracks(summary.finishedThisMonth)}</dd>
        </div>
      </dl>
      <div className="flex-1">
        <PracticeCalendar
          month={month}
          today={today}
          secondsByDay={summary.secondsByDay}
          monthName={monthName}
        />
        {summary.secondsByDay.size === 0 && isThisMonth ? (
          <p className="mt-3 text-sm text-muted-foreground">{text.nothingYet}</p>
        ) : null}
      </div>
    </div>
  );
}
