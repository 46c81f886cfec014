// The health form (intake) in My Account and its view in the admin (docs/intake-and-reminders.md). The
// consent wording is the privacy policy's (src/content/privacy-policy.ts, section 3): it is stored with the
// client's consent, so the practice can show what was agreed to.

export const intakeText = {
  title: 'Your health form',
  lead: 'Before your first appointment, please tell your practitioner a little about yourself and your health. Your answers save as you type, and you can change them until your appointment.',
  loading: 'Loading your health form…',
  loadFailed: 'Your health form could not be loaded. Please reload the page.',
  healthConsent: {
    legend: 'Keeping your answers',
    label:
      'I agree that the practice keeps my answers to this form as health information, as the privacy policy describes.',
    wording:
      'We process treatment information with your explicit consent, which you give in the health questionnaire before your first appointment and can withdraw at any time; we then stop processing it, except for records we must keep for professional reasons. Only the practitioner and you can read your answers; they are included in your data download and deleted with your account.',
    help: 'Nothing you type below is kept until you agree.',
    policyLink: 'Read the privacy policy',
  },
  yes: 'Yes',
  no: 'No',
  details: 'Details (optional)',
  detailsFor: (label: string) => `Details: ${label}`,
  hypnotherapyConsent: {
    legend: 'Consent to hypnotherapy',
    label:
      'I understand that hypnotherapy is a complementary therapy and not a replacement for medical care, that I stay in control throughout, and I agree to take part.',
  },
  send: 'Send to my practitioner',
  sendNeedsConsent: 'Tick the consent to hypnotherapy above to send the form.',
  sent: (when: string) => `Sent to your practitioner on ${when}. Any change you make now saves as you go.`,
  saving: 'Saving…',
  saved: 'All changes saved',
  saveFailed:
    'Your last change could not be saved. Please check your connection; it will be saved with your next change.',
  deleteAnswers: 'Delete my answers',
  deleted: 'Your answers have been deleted.',
  admin: {
    heading: 'Health form',
    notIn: 'Not in yet.',
    sentOn: (when: string) => `Sent on ${when}.`,
    draft: (when: string) => `Started, not sent yet (last change ${when}).`,
    consentedOn: (when: string) =>
      `Consent to keeping the answers as health data: ${when}. Consent to hypnotherapy: `,
    noConsent: 'not given yet',
    attention: 'Needs attention',
    attentionCount: (n: number) => (n === 1 ? '1 answer needs attention.' : `${n} answers need attention.`),
    noAnswer: 'No answer',
    editorHeading: 'Health form questions',
    editorLead:
      'The questions clients answer before their first appointment. A yes to a yes/no question is marked for your attention in the client record. Answers are kept by question id: keep an id when you reword its question.',
    question: (n: number) => `Question ${n}`,
    idLabel: 'Id',
    sectionLabel: 'Section',
    labelLabel: 'Question',
    kindLabel: 'Answer',
    kinds: { text: 'Short text', longtext: 'Long text', yesno: 'Yes or no, with details' },
    add: 'Add a question',
    remove: (n: number) => `Remove question ${n}`,
    moveUp: (n: number) => `Move question ${n} up`,
    save: 'Save the questions',
    savedQuestions: 'The questions are saved.',
    invalid:
      'Every question needs a question text and a unique id of lower-case letters, digits and underscores.',
    saveFailed: 'The questions could not be saved. Please try again.',
  },
} as const;
