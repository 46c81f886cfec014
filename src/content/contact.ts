import { site } from '@/config/site';

// Copy of the /contact page (docs/product-rules.md §2 "/contact"; docs/product-rules.md D9 "Contact": email and phone as text and as
// mailto:/tel: links, no form). The response time is docs/product-rules.md §9's "responses within 24 hours".

/** The phone number as a tel: link target: digits and a leading +, no spaces. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}

export const contactContent = {
  seo: {
    title: 'Contact Us',
    description: `Contact ${site.practiceName} by email or phone about online hypnotherapy appointments, self-hypnosis audio or workshops. Every message is answered within 24 hours.`,
    keywords: ['contact hypnotherapist', 'hypnotherapy enquiry', 'online hypnotherapy UK'],
  },
  title: 'Contact Us',
  lead: 'Questions about hypnotherapy, appointments, audio or workshops? Get in touch by email or phone.',
  responseTime: 'Every message receives a reply within 24 hours.',
  email: { heading: 'Email', hint: 'Best for questions, booking help and workshop enquiries.' },
  phone: { heading: 'Phone', hint: 'If no one can answer, leave a message and you will be called back.' },
  privacyNote:
    'Please keep health details brief in emails and messages; we can talk them through privately in your appointment.',
  crisis: {
    heading: 'Need urgent help?',
    text: 'This practice is not an emergency service. If you are in crisis or feel unsafe, call 999, contact NHS 111, or call Samaritans free on 116 123, any time of day or night.',
  },
  more: {
    heading: 'Before you get in touch',
    faqLinkLabel: 'Read the FAQ',
    bookingLabel: `Book a ${site.appointmentMinutes}-Minute Appointment`,
  },
} as const;
