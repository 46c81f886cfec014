// My Account's reminder switch (docs/intake-and-reminders.md "Programme step reminders").

export const remindersText = {
  title: 'Reminders',
  lead: 'We email you the day before each appointment. You can also have an email on the day a new step of your programme opens.',
  switchLabel: 'Email me on the day a new step of my programme opens',
  on: 'Step reminders are on. Every such email has a link to stop them.',
  off: 'Step reminders are off.',
  failed: 'Your choice could not be saved. Please try again.',
  loading: 'Loading your reminder settings…',
  loadFailed: 'Your reminder settings could not be loaded. Please reload the page.',
} as const;
