import { useQuery } from '@tanstack/react-query';
import { appointmentsText, overviewText as text } from '@/content/admin';
import { formatPence } from '@/lib/format';
import { type Overview, overviewQuery } from './api/overview';
import { adminAppointmentsQuery, upcomingAppointmentsCountQuery, withoutIntake } from './appointments-api';
import { TitledSection } from '@/components/ui/titled-section';
import { formatDate } from '@/lib/practice-dates';
import { QueryState } from '@/components/ui/query-state';
import { DataTable } from '@/components/ui/data-table';
import { PaymentsPanel } from './payments-panel';
import { PendingDeletionsNotice } from './pending-deletions-notice';

export function OverviewSection() {
  const query = useQuery(overviewQuery());
  return (
    <TitledSection title={text.heading}>
      <QueryState query={query}>{(overview) => <OverviewContent overview={overview} />}</QueryState>
    </TitledSection>
  );
}

function OverviewContent({ overview }: { overview: Overview }) {
  // Its own query (the appointments table under RLS), so a slow count never holds the sales figures back.
  const upcoming = useQuery(upcomingAppointmentsCountQuery());
  const figures = [
    { label: text.revenueToday, value: formatPence(overview.revenue_today_pence, { exact: true }) },
    { label: text.revenue30, value: formatPence(overview.revenue_30_days_pence, { exact: true }) },
    { label: text.revenueAll, value: formatPence(overview.revenue_all_time_pence, { exact: true }) },
    {
      label: text.orders,
      value: String(overview.orders_all_time),
      note: text.ordersNote(overview.orders_today, overview.orders_30_days),
    },
    { label: text.customers, value: String(overview.customers) },
    { label: text.average, value: formatPence(overview.average_order_pence, { exact: true }) },
    {
      label: text.upcomingAppointments,
      value: upcoming.data === undefined ? (upcoming.isError ? '–' : '…') : String(upcoming.data),
    },
  ];
  return (
    <div className="space-y-8">
      <PendingDeletionsNotice />
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-xl border border-border bg-card p-5 shadow-sm">
            <dt className="text-sm font-semibold text-muted-foreground">{figure.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-foreground" data-testid={`figure-${figure.label}`}>
              {figure.value}
            </dd>
            {figure.note ? <dd className="mt-1 text-sm text-muted-foreground">{figure.note}</dd> : null}
          </div>
        ))}
      </dl>

      <WithoutIntake />

      <WeeklyRevenue weekly={overview.weekly} />

      <PaymentsPanel openDisputes={overview.disputes_open} />

      <div className="space-y-3">
        <h3 className="text-xl font-semibold text-foreground">{text.bestSellers}</h3>
        <DataTable
          caption={text.bestSellers}
          rows={overview.best_sellers}
          rowKey={(item) => `${item.kind}-${item.title}`}
          empty={text.bestSellersEmpty}
          columns={[
            { header: text.item, cell: (item) => item.title },
            { header: text.units, numeric: true, cell: (item) => item.units },
            {
              header: text.revenue,
              numeric: true,
              cell: (item) => formatPence(item.revenue_pence, { exact: true }),
            },
          ]}
        />
      </div>
    </div>
  );
}

/** Upcoming appointments whose client has not sent the health form (docs/intake-and-reminders.md). */
function WithoutIntake() {
  const appointments = useQuery(adminAppointmentsQuery());
  return (
    <div className="space-y-3">
      <h3 className="text-xl font-semibold text-foreground">{appointmentsText.withoutIntake}</h3>
      <QueryState query={appointments}>
        {(rows) => (
          <DataTable
            caption={appointmentsText.withoutIntakeCaption}
            rows={withoutIntake(rows, new Date())}
            rowKey={(row) => row.id}
            empty={appointmentsText.allIntakesIn}
            columns={[
              { header: appointmentsText.when, date: (row) => row.starts_at },
              {
                header: appointmentsText.client,
                className: 'min-w-48 break-all',
                cell: (row) => row.invitee_name || row.invitee_email,
              },
              { header: appointmentsText.intake, cell: (row) => appointmentsText.intakeStates[row.intake] },
            ]}
          />
        )}
      </QueryState>
    </div>
  );
}

const CHART = { width: 640, height: 240, left: 56, bottom: 28, top: 12 };

/** Revenue per week as a hand-made SVG bar chart, with the same figures as a table. */
function WeeklyRevenue({ weekly }: { weekly: Overview['weekly'] }) {
  const max = Math.max(...weekly.map((week) => week.revenue_pence), 100);
  // A round top for the axis: the next whole pound step above the highest week.
  const step = niceStep(max / 4);
  const top = step * 4;
  const plotWidth = CHART.width - CHART.left - 8;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const band = plotWidth / Math.max(weekly.length, 1);
  const total = weekly.reduce((sum, week) => sum + week.revenue_pence, 0);
  return (
    <div className="space-y-3">
      <h3 className="text-xl font-semibold text-foreground">{text.weeklyHeading}</h3>
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-label={text.weeklyChartLabel(weekly.length, formatPence(total))}
        className="h-auto w-full max-w-3xl text-foreground"
      >
        {[0, 1, 2, 3, 4].map((tick) => {
          const y = CHART.top + plotHeight - (plotHeight * tick) / 4;
          return (
            <g key={tick}>
              <line
                x1={CHART.left}
                x2={CHART.width - 8}
                y1={y}
                y2={y}
                className="stroke-border"
                strokeWidth={1}
              />
              <text
                x={CHART.left - 6}
                y={y + 4}
                textAnchor="end"
                className="fill-muted-foreground text-[11px]"
              >
                {formatPence(step * tick)}
              </text>
            </g>
          );
        })}
        {weekly.map((week, index) => {
          const height = (week.revenue_pence / top) * plotHeight;
          const x = CHART.left + index * band + band * 0.15;
          return (
            <g key={week.week_start}>
              <rect
                x={x}
                y={CHART.top + plotHeight - height}
                width={band * 0.7}
                height={height}
                rx={3}
                className="fill-primary"
              />
              <text
                x={x + band * 0.35}
                y={CHART.height - 8}
                textAnchor="middle"
                className="fill-muted-foreground text-[10px]"
              >
                {shortDate(week.week_start)}
              </text>
            </g>
          );
        })}
      </svg>
      <DataTable
        caption={text.weeklyHeading}
        rows={weekly}
        rowKey={(week) => week.week_start}
        empty={text.bestSellersEmpty}
        columns={[
          { header: text.weekStarting, cell: (week) => formatDate(`${week.week_start}T12:00:00Z`) },
          { header: text.ordersColumn, numeric: true, cell: (week) => week.orders },
          {
            header: text.revenue,
            numeric: true,
            cell: (week) => formatPence(week.revenue_pence, { exact: true }),
          },
        ]}
      />
    </div>
  );
}

function niceStep(raw: number): number {
  const pounds = Math.max(raw / 100, 1);
  const magnitude = 10 ** Math.floor(Math.log10(pounds));
  const nice = [1, 2, 5, 10].find((factor) => factor * magnitude >= pounds) ?? 10;
  return nice * magnitude * 100;
}

function shortDate(isoDate: string): string {
  const [, month, day] = isoDate.split('-');
  return `${Number(day)}/${Number(month)}`;
}
