import { prices, site } from '@/config/site';
import { formatPence } from '@/lib/format';
import type { FaqEntry } from './faq';
import { firstFaqEntries } from './faq-first';

// The 33 FAQ entries (docs/product-rules.md §3 "FAQ entry"), consistent with docs/product-rules.md D4, D5: 50-minute appointments and its prices.
// /faq shows them all; /about shows the first five (faq-first.ts), so entries 1-5 are the ones a newcomer asks
// first.

const minutes = site.appointmentMinutes;
const single = formatPence(prices.singleAppointmentPence);
const monthly = formatPence(prices.monthlyCoachingPence);
const monthlyCount = prices.monthlyCoachingAppointments;
const audio = formatPence(prices.audioPence);
const pkg = formatPence(prices.packagePence);
const [workshopSmall, workshopMedium, workshopLarge] = prices.workshops;

export const faqEntries: readonly FaqEntry[] = [
  ...firstFaqEntries,
  {
    id: 6,
    category: 'general',
    question: 'Are you qualified and registered?',
    answer: `Yes. ${site.practitionerName} is a qualified clinical hypnotherapist and a registered member of a UK professional hypnotherapy register, works to its code of ethics, takes part in regular supervision and continuing professional development, and holds full professional indemnity insurance. You can read about qualifications and experience on the About page.`,
  },
  {
    id: 7,
    category: 'general',
    question: 'What is self-hypnosis, and how do the audios help?',
    answer: `Self-hypnosis is the skill of guiding yourself into a relaxed, focused state and using it to reinforce the changes you want. The self-hypnosis audios lead you through that process on a particular topic, such as sleep, confidence or stopping smoking, so you can practise daily between appointments or on their own. Once bought, they are yours to stream or download from your account.`,
  },
  {
    id: 8,
    category: 'general',
    question: 'Is hypnotherapy a replacement for medical treatment?',
    answer:
      'No. Hypnotherapy complements medical care; it does not replace it. If you have physical symptoms or a diagnosed condition, please see your GP first and keep taking any prescribed medication unless your doctor advises otherwise. If you are in crisis or feel unsafe, call 999, contact NHS 111, or call Samaritans free on 116 123 at any time.',
  },
  // Appointments
  {
    id: 9,
    category: 'appointments',
    question: 'How long is an appointment?',
    answer: `Every appointment lasts ${minutes} minutes. That gives time to review your progress, a focused hypnotherapy session and a few minutes at the end to plan your self-hypnosis practice until we next meet.`,
  },
  {
    id: 10,
    category: 'appointments',
    question: 'How do I book an appointment?',
    answer: `Choose any "Book" button on the site. The online booking calendar opens in a new tab, where you pick a ${minutes}-minute slot that suits you and enter your name and email address. You receive a confirmation email straight away, together with the secure video link for your appointment.`,
  },
  {
    id: 11,
    category: 'appointments',
    question: 'What do I need for an online appointment?',
    answer:
      'A phone, tablet or computer with a camera and microphone, a reliable internet connection, and a quiet, private room where you will not be disturbed for the whole appointment. A comfortable chair and a pair of headphones help you relax. Please do not join from a car or anywhere you might need to stay alert.',
  },
  {
    id: 12,
    category: 'appointments',
    question: 'What happens in the first appointment?',
    answer:
      'We start by talking through what you would like to change, your background and what you have already tried, and agree clear, realistic goals. You then experience a gentle hypnosis session and learn a simple self-hypnosis technique to practise at home. There is plenty of time for questions, and you are never rushed.',
  },
  {
    id: 13,
    category: 'appointments',
    question: 'How many appointments will I need?',
    answer:
      'It depends on you and on what you want to change. As a guide, habits, anxiety and pain often need 2-3 appointments; weight, sports and professional performance 3-5; and sales performance coaching 4-6. We review progress at every appointment, and you are never tied into more sessions than are useful.',
  },
  {
    id: 14,
    category: 'appointments',
    question: 'Can I reschedule or cancel an appointment?',
    answer:
      "Yes, free of charge, as long as you give at least 24 hours' notice, using the link in your confirmation email or by contacting the practice. A cancellation with less than 24 hours' notice may incur a 50% fee, and a missed appointment without notice (a no-show) is charged the full fee. Full details are in the Terms and Conditions.",
  },
  {
    id: 15,
    category: 'appointments',
    question: 'What if my internet connection drops during a session?',
    answer:
      'Nothing harmful happens: you simply come out of hypnosis naturally, just as you would wake from a short nap. Rejoin with the same link. If the connection cannot be restored, the practitioner will phone you, or arrange another time to make up the lost minutes at no extra cost.',
  },
  {
    id: 16,
    category: 'appointments',
    question: 'Can I book appointments for someone under 18?',
    answer:
      'Appointments are for adults aged 18 and over. A young person under 18 can only be seen with the written consent of a parent or guardian, who must be available during the appointment. Please get in touch first so that we can discuss whether hypnotherapy is appropriate.',
  },
  // Treatments
  {
    id: 17,
    category: 'treatments',
    question: 'What can hypnotherapy help with?',
    answer:
      'The practice helps with habits and addictions (such as smoking, vaping, alcohol and nail biting), anxiety and stress, phobias, sleep, pain management, weight management, sports performance, and professional and sales performance, including confidence and public speaking. If your concern is not listed, please get in touch and ask.',
  },
  {
    id: 18,
    category: 'treatments',
    question: 'Can hypnotherapy help me stop smoking or vaping?',
    answer:
      'Yes, many people find hypnotherapy a powerful support for quitting. Sessions work on the habits, triggers and cravings that keep you smoking or vaping and strengthen your reasons for stopping. You will also have a self-hypnosis routine to use whenever a craving strikes. Most clients need 2-3 appointments, and it works best when you have decided you want to stop.',
  },
  {
    id: 19,
    category: 'treatments',
    question: 'Can hypnotherapy help with anxiety and stress?',
    answer:
      "Hypnotherapy can help you calm your body's stress response, change anxious thought patterns and build confidence in situations you have been avoiding. You also learn quick self-hypnosis and breathing techniques for everyday use. If you are receiving treatment for anxiety or depression, hypnotherapy can sit alongside it; please tell your GP or therapist.",
  },
  {
    id: 20,
    category: 'treatments',
    question: 'Can hypnotherapy help me manage my weight?',
    answer:
      'Hypnotherapy does not replace a healthy diet and activity, but it can help with the thoughts and habits that get in the way: emotional eating, snacking, cravings and motivation to move more. It is not a diet and there is no calorie counting. Weight management usually takes 3-5 appointments, supported by self-hypnosis audio at home.',
  },
  {
    id: 21,
    category: 'treatments',
    question: 'Can hypnotherapy help with pain?',
    answer:
      'Hypnotherapy is widely used to help people manage long-term pain, for example by reducing tension, improving sleep and changing how strongly pain is felt. It is always used alongside medical care: your pain should first be assessed by your GP or specialist so that nothing needing treatment is missed.',
  },
  {
    id: 22,
    category: 'treatments',
    question: 'Do you work with athletes, professionals and companies?',
    answer: `Yes. Performance hypnotherapy helps athletes with focus, nerves and recovery from setbacks, and professionals with confidence, presentations and decision-making. For companies there are sales-hypnosis workshops: ${formatPence(workshopSmall.pence)} for ${workshopSmall.participants}, ${formatPence(workshopMedium.pence)} for ${workshopMedium.participants}, and from ${formatPence(workshopLarge.pence)} for ${workshopLarge.participants}. Please use the Contact page for workshop enquiries.`,
  },
  {
    id: 23,
    category: 'treatments',
    question: 'Is there anyone hypnotherapy is not suitable for?',
    answer:
      'Hypnotherapy is not recommended for people with epilepsy, psychosis, schizophrenia or a severe personality disorder, or for anyone under the influence of alcohol or drugs at the time of the appointment. If you are pregnant, have a heart condition or are receiving mental-health treatment, please check with your doctor first. When in doubt, ask before booking and we will talk it through honestly.',
  },
  // Privacy & Security
  {
    id: 24,
    category: 'privacy',
    question: 'Is what I say in an appointment confidential?',
    answer:
      'Yes. Everything you share is treated in strict confidence. The only exceptions are the rare ones set by law or professional ethics: a serious risk of harm to you or someone else, or a court order. Anonymised case discussion in professional supervision never identifies you.',
  },
  {
    id: 25,
    category: 'privacy',
    question: 'Are appointments recorded?',
    answer:
      'Not unless you ask. If you would like a recording of a session to listen to at home, we only make one with your written consent. It is kept securely for 1 year and then deleted, and you can ask for it to be deleted sooner at any time.',
  },
  {
    id: 26,
    category: 'privacy',
    question: 'How is my personal and health information protected?',
    answer:
      'Your information is handled under UK GDPR. Health details are special-category data, so they are kept to a minimum, encrypted in transit, and stored in systems where only you and the practitioner can see them. Treatment records are kept for 7 years, as professional bodies and insurers require, and then securely destroyed. Full details are in the Privacy Policy.',
  },
  {
    id: 27,
    category: 'privacy',
    question: 'Will anyone know which audios I have bought?',
    answer:
      'No. A purchase can reveal a health concern, so your purchases are visible only to you (in My Account) and to the practitioner. They never appear in web addresses, analytics or logs, and your audio is streamed or downloaded through private, short-lived links that work only for you. Card payments are handled by Stripe, so card details never reach the practice.',
  },
  {
    id: 28,
    category: 'privacy',
    question: 'How can I see or delete my data?',
    answer:
      'Signed-in customers can download a copy of their data or delete their account from My Account at any time. You can also email the practice to ask for a copy, a correction or deletion: you will receive a reply within 24 hours, and deletion requests are completed within 30 days. Some records, such as transaction records, must be kept for a period by law.',
  },
  // Pricing
  {
    id: 29,
    category: 'pricing',
    question: 'How much does an appointment cost?',
    answer: `A single ${minutes}-minute online appointment costs ${single}, including the self-hypnosis techniques you learn to keep using at home. There are no joining fees or hidden extras.`,
  },
  {
    id: 30,
    category: 'pricing',
    question: 'What is the monthly coaching programme?',
    answer: `The recommended monthly coaching programme costs ${monthly} (about $${prices.monthlyCoachingUsdApprox}) for ${monthlyCount} ${minutes}-minute appointments in a month, a saving on four single appointments. It includes instant-messaging support between appointments, so you can ask questions and stay on track while the changes settle in.`,
  },
  {
    id: 31,
    category: 'pricing',
    question: 'How much are the self-hypnosis audios?',
    answer: `Individual audios are ${audio} each. A package of 3 related audios costs ${pkg} and includes the Self-Hypnosis Inception Guide free of charge. Once bought, your audios are yours to stream and download from your account whenever you need them.`,
  },
  {
    id: 32,
    category: 'pricing',
    question: 'How can I pay?',
    answer:
      "Audio purchases in the online shop are paid by credit or debit card through Stripe's secure checkout. Appointments can be paid by card, and PayPal or cryptocurrency can be arranged on request. All prices are in pounds sterling.",
  },
  {
    id: 33,
    category: 'pricing',
    question: 'Can I get a refund?',
    answer:
      'Unused appointments in a prepaid package can be refunded if you ask within 30 days of purchase, minus an administration fee. Because audio is digital content that you can stream or download straight away, it cannot be returned once you have started streaming or downloading it, but if an audio is faulty it will be replaced or refunded. See the Terms and Conditions for details.',
  },
];
