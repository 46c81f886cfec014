// The practice log in My Account (docs/practice-log.md): every text it shows. Calm by design: it describes
// what was listened to, never urges, counts streaks or compares.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const practiceText = {
  title: 'Your practice',
  lead: 'A quiet record of your listening, on all your devices. It is only for you.',
  hide: 'Hide practice log',
  show: 'Show practice log',
  hiddenNote: 'Your practice log is hidden on this device. Your listening is still kept with your account.',
  loading: 'Loading your practice…',
  error: 'Your practice log could not be loaded. Please try again later.',
  retry: 'Try again',
  thisWeek: 'This week',
  thisMonth: 'This month',
  finished: 'Tracks finished',
  days: (n: number) => plural(n, 'day', 'days'),
  tracks: (n: number) => plural(n, 'track', 'tracks'),
  minutes: (n: number) => plural(n, 'minute', 'minutes'),
  /** A day's time: whole minutes, or a gentle 'under a minute'. */
  dayTime: (seconds: number) =>
    seconds < 60 ? 'under a minute' : plural(Math.round(seconds / 60), 'minute', 'minutes'),
  monthName: (monthIndex: number, year: number) => `${MONTHS[monthIndex] ?? ''} ${year}`,
  calendarCaption: (month: string) => `Minutes listened each day, ${month}`,
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  weekdays: [
    { short: 'Mon', long: 'Monday' },
    { short: 'Tue', long: 'Tuesday' },
    { short: 'Wed', long: 'Wednesday' },
    { short: 'Thu', long: 'Thursday' },
    { short: 'Fri', long: 'Friday' },
    { short: 'Sat', long: 'Saturday' },
    { short: 'Sun', long: 'Sunday' },
  ],
  /** One calendar day, read by screen readers: '3 November: 25 minutes' or '3 November: no listening'. */
  dayLabel: (day: number, monthIndex: number, seconds: number) =>
    `${day} ${MONTHS[monthIndex] ?? ''}: ${seconds > 0 ? practiceText.dayTime(seconds) : 'no listening'}`,
  today: 'today',
  nothingYet: 'Nothing listened to this month yet. Whenever you listen, it will appear here.',
} as const;
