import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { mailtoHref, telHref } from '@/content/contact';
import { legalLastUpdated, type LegalDocument } from '@/content/legal';

// The Privacy Policy: plain-English UK GDPR text carrying every privacy constant of docs/product-rules.md §9 (IP anonymised
// after 30 days, communications purged after 2 years, treatment records 7 years, session recordings 1 year,
// transaction records up to 7 years, deletion within 30 days, responses within 24 hours) and docs/product-rules.md's
// decisions on health data and cookie consent.

const email = { text: site.email, href: mailtoHref(site.email) };
const phone = { text: site.phone, href: telHref(site.phone) };

export const privacyPolicy: LegalDocument = {
  seo: {
    title: 'Privacy Policy',
    description:
      'How the practice collects, uses, protects and deletes your personal and health data under UK GDPR: what we keep, for how long, cookies, and your rights.',
    keywords: ['privacy policy', 'UK GDPR', 'health data', 'cookies', 'hypnotherapy confidentiality'],
  },
  title: 'Privacy Policy',
  lead: 'What personal information we collect, why, how long we keep it, and the choices and rights you have, in plain English.',
  lastUpdated: legalLastUpdated,
  tocHeading: 'Contents',
  sections: [
    {
      id: 'who-we-are',
      title: '1. Who we are',
      blocks: [
        {
          type: 'p',
          text: `${site.practiceName} is a hypnotherapy practice run by ${site.practitionerName}, a registered clinical hypnotherapist in the United Kingdom. In this policy "we", "us" and "our" mean the practice. We are the data controller for the personal information described here, which means we decide how it is used and are responsible for protecting it under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.`,
        },
        {
          type: 'p',
          text: [
            'For any question about your data, email ',
            email,
            ' or call ',
            phone,
            '. We reply within 24 hours.',
          ],
        },
      ],
    },
    {
      id: 'what-we-collect',
      title: '2. What we collect',
      blocks: [
        { type: 'p', text: 'We collect only what we need to provide our services:' },
        {
          type: 'ul',
          items: [
            'Account details: your email address and a securely hashed password when you create an account, and your name if you choose to add it in My Account (we use it only to fill in the booking calendar for you when you book while signed in; it is included in your data download and deleted with your account). We do not ask for your name, address or date of birth to sell audio.',
            'Purchases: which audio items and packages you bought, when, and the price paid.',
            'Booking details: the name, email address and any notes you give the booking calendar when you book an appointment.',
            'Appointments received from the booking calendar: when you book, reschedule or cancel, Calendly sends our website the type of appointment, its date and time, whether it is booked or cancelled, your name and email address, and its own links to reschedule or cancel it. We keep these so that you can see your appointments in My Account and the practitioner can prepare for them; they are linked to the account with the same email address (or kept for that address until you create an account), included in your data download, and deleted with your account. We do not keep the notes or answers you give Calendly.',
            'Programmes and recordings your practitioner gives you: what was assigned to you, with its notes, and how far you have listened to each assigned recording (worked out from where your player left it). Only you and the practitioner can see them; they are included in your data download and deleted with your account, the recordings themselves included (their files are removed from storage at once, or retried automatically until they are). If you are sent one before you have an account, we keep it for your email address until you create one.',
            "Treatment records: your health questionnaire, the goals we agree, and brief notes of each appointment, including the practitioner's private notes on your record.",
            'Your health form: the answers you give in My Account before your first appointment (your contact and GP details, what you would like help with, your medication, screening questions about your health, and an emergency contact), with the time you agreed to our keeping them and to hypnotherapy. Only you and the practitioner can read it; it is never put in an email. It is included in your data download, and deleted when you delete your answers or your account.',
            'Reminders: the time zone of your browser, so that the reminder we email the day before an appointment gives your local time. The reminder contains the time, how to join and links to reschedule or cancel, never your health information. If you switch on step reminders in My Account, we also email you on the day a new step of your programme opens, without naming it; every such email has a link that stops them at once.',
            'Communications: emails, messages and call notes between you and the practice.',
            'Session recordings: only if you ask for a recording and agree to it in writing.',
            'Technical data: your IP address, browser type and the pages requested, recorded in server logs to keep the site secure and working.',
            'Preferences saved in your browser: your cart, accessibility settings and cookie choices.',
          ],
        },
        {
          type: 'p',
          text: 'Card details are entered on the secure payment page of our payment provider, Stripe, and never reach us.',
        },
      ],
    },
    {
      id: 'health-data',
      title: '3. Health information (special-category data)',
      blocks: [
        {
          type: 'p',
          text: 'Information about your physical or mental health is special-category data under UK GDPR and receives extra protection. This includes your treatment records and anything you tell us about your health. It also includes your purchases and your appointments, because what you buy can reveal a health condition, and so can what you book: an audio on smoking cessation, insomnia or anxiety says something about you.',
        },
        {
          type: 'p',
          text: 'We process treatment information with your explicit consent, which you give in the health questionnaire before your first appointment and can withdraw at any time; we then stop processing it, except for records we must keep for professional reasons (see section 7). We treat your purchases as health information too, and protect them in the same way.',
        },
        {
          type: 'ul',
          items: [
            'Your purchases are visible only to you and to the practitioner, and your treatment records only to the practitioner (you can ask for a copy at any time). The database itself enforces this, not just the web page.',
            'Health information never appears in web addresses, analytics or server logs, and is never shared with advertisers. The record of what the practitioner changes on the website keeps only what was done, never notes, recording titles or email addresses.',
            'Your audio is delivered through private links that expire after a short time and work only for you.',
          ],
        },
      ],
    },
    {
      id: 'how-we-use-it',
      title: '4. How we use your information, and our lawful bases',
      blocks: [
        {
          type: 'ul',
          items: [
            'To provide appointments, audio and your account, and to take payment: necessary for our contract with you.',
            'To keep treatment records, tax records and accounts: our legal obligations and professional requirements.',
            'To keep the site secure, prevent fraud and fix problems: our legitimate interests, balanced against your rights.',
            'To use optional cookies, and to process health information: your consent, which you can withdraw at any time.',
          ],
        },
        {
          type: 'p',
          text: 'We do not sell your data, we do not use it for automated decision-making or profiling, and we only send marketing emails if you have asked to receive them.',
        },
      ],
    },
    {
      id: 'sharing',
      title: '5. Who we share it with',
      blocks: [
        {
          type: 'p',
          text: 'We use a small number of trusted service providers (processors) who act only on our instructions and under contracts that protect your data:',
        },
        {
          type: 'ul',
          items: [
            'Supabase, which hosts our database, sign-in and audio storage.',
            'Stripe, which processes card payments in the online shop.',
            'Calendly, which runs the online booking calendar.',
            'The secure video-call service named in your booking confirmation, and our email provider.',
          ],
        },
        {
          type: 'p',
          text: 'Some of these providers store or process data outside the UK, including in the United States. Where they do, the transfer is protected by UK-approved safeguards such as the International Data Transfer Agreement, the UK Addendum to the EU standard contractual clauses, or the UK Extension to the EU-US Data Privacy Framework.',
        },
        {
          type: 'p',
          text: 'We share information with anyone else only when the law requires it (for example a court order), or where there is a serious risk of harm to you or someone else.',
        },
      ],
    },
    {
      id: 'payments',
      title: '6. Payments',
      blocks: [
        {
          type: 'p',
          text: [
            'Audio in the online shop is paid for by credit or debit card through Stripe. Appointments can be paid by card, and PayPal or cryptocurrency can be arranged on request. Each payment provider handles your payment details under its own privacy policy; we receive a confirmation of the payment, never your full card details. See the ',
            { text: 'Terms and Conditions', to: paths.termsAndConditions },
            ' for prices and refunds.',
          ],
        },
      ],
    },
    {
      id: 'retention',
      title: '7. How long we keep it',
      blocks: [
        {
          type: 'p',
          text: 'We keep information only as long as we need it, then delete or anonymise it securely:',
        },
        {
          type: 'table',
          caption: 'How long each kind of information is kept',
          head: ['Information', 'How long we keep it'],
          rows: [
            ['IP addresses in server logs', 'Anonymised after 30 days'],
            ['Emails, messages and call notes', 'Deleted after 2 years'],
            [
              'Treatment records (questionnaire, goals, appointment notes)',
              '7 years after your last appointment',
            ],
            ['Session recordings (only with your consent)', '1 year, or sooner if you ask'],
            ['Transaction records (purchases, payments, invoices)', 'Up to 7 years, as tax law requires'],
            ['Your account and its purchases', 'Until you delete your account'],
            [
              "The record of the practitioner's changes (what was done, never health details)",
              'Kept; anything pointing to you is removed when you delete your account',
            ],
            ['Your health form in My Account', 'Until you delete your answers or your account'],
          ],
        },
        {
          type: 'p',
          text: 'Treatment records are kept for 7 years because our professional register and insurers require it, in case of a complaint or claim.',
        },
      ],
    },
    {
      id: 'your-rights',
      title: '8. Your rights',
      blocks: [
        {
          type: 'p',
          text: 'Under UK GDPR you have the right to:',
        },
        {
          type: 'ul',
          items: [
            'access the information we hold about you and get a copy of it;',
            'have inaccurate information corrected;',
            'have your information deleted;',
            'restrict or object to how we use it;',
            'receive your information in a portable format;',
            'withdraw your consent at any time, without affecting what was done before.',
          ],
        },
        {
          type: 'p',
          text: [
            'If you have an account, you can download a copy of your data and delete your account yourself from ',
            { text: 'My Account', to: paths.account },
            '. Otherwise, email ',
            email,
            '. We respond to every request within 24 hours, and we meet deletion requests within 30 days. We may need to keep some records for the periods in section 7, for example transaction records required by tax law; we will tell you if so.',
          ],
        },
      ],
    },
    {
      id: 'cookies',
      title: '9. Cookies and browser storage',
      blocks: [
        {
          type: 'p',
          text: 'Cookies and similar browser storage are small pieces of information kept on your device. We group them into four categories:',
        },
        {
          type: 'ul',
          items: [
            'Essential: needed for the site to work, such as keeping you signed in, remembering your cart and your cookie choices. They are always on.',
            'Functional: features that set third-party cookies, such as the embedded booking calendar. Without them, the calendar loads only when you click "Load calendar", and you can always open it in a new tab instead.',
            'Analytics: help us understand, in aggregate, which pages are useful. Used only if you allow them, and never with health information.',
            'Marketing: help measure advertising. Used only if you allow them.',
          ],
        },
        {
          type: 'p',
          text: 'When you first visit, you can choose "Essential Only", "Accept All" or customise each category. You can change your cookie settings at any time from the "Cookie settings" link in the footer of every page, and withdrawing consent is as easy as giving it.',
        },
        {
          type: 'p',
          text: 'Our fonts are hosted on our own site, so no third party learns about your visit from them.',
        },
      ],
    },
    {
      id: 'security',
      title: '10. How we protect your information',
      blocks: [
        {
          type: 'ul',
          items: [
            'All connections to the site are encrypted (HTTPS).',
            'Passwords are stored only as secure hashes.',
            'Access rules in the database mean each customer can see only their own purchases.',
            'Audio files are never public: each download or stream uses a private, short-lived link.',
            'Customer lists and sales are visible only to the practitioner, through a separate administrator role; treatment records are kept apart from the website and seen only by the practitioner.',
          ],
        },
        {
          type: 'p',
          text: 'If a breach ever put your rights at risk, we would tell you and the Information Commissioner without undue delay.',
        },
      ],
    },
    {
      id: 'children',
      title: '11. Children',
      blocks: [
        {
          type: 'p',
          text: 'Our services are for adults aged 18 and over. We see young people under 18 only with the consent of a parent or guardian, who gives the information and consent on their behalf. We do not knowingly collect data from children through the website.',
        },
      ],
    },
    {
      id: 'changes',
      title: '12. Changes to this policy',
      blocks: [
        {
          type: 'p',
          text: 'When we change this policy, we update the "Last updated" date at the top. If a change affects how we use information you have already given us, we will tell you by email before it takes effect.',
        },
      ],
    },
    {
      id: 'contact-and-complaints',
      title: '13. Contact and complaints',
      blocks: [
        {
          type: 'p',
          text: [
            'Please contact us first with any question or concern: email ',
            email,
            ', call ',
            phone,
            ', or see the ',
            { text: 'Contact Us', to: paths.contact },
            ' page. We respond within 24 hours.',
          ],
        },
        {
          type: 'p',
          text: [
            "You also have the right to complain to the Information Commissioner's Office (ICO), the UK regulator for data protection: ",
            { text: 'ico.org.uk', href: 'https://ico.org.uk/make-a-complaint/' },
            ' or 0303 123 1113.',
          ],
        },
      ],
    },
  ],
};
