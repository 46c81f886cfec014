import { paths } from '@/config/paths';
import { prices, site } from '@/config/site';
import { mailtoHref, telHref } from '@/content/contact';
import { legalLastUpdated, type LegalDocument } from '@/content/legal';
import { formatPence } from '@/lib/format';

// The Terms and Conditions: plain-English UK terms carrying every terms constant of docs/product-rules.md §9 (24 hours' notice,
// 50% late-cancellation fee, full fee for no-shows, prepaid package refunds within 30 days minus a fee, 30 days'
// notice of price changes, minimum age 18 with parental consent for minors, audio for the buyer's personal
// streaming and download, copyright damages up to £150,000) and the stated payment methods (PayPal, credit
// card, cryptocurrency), phrased as docs/product-rules.md D21 has them: the shop takes cards through Stripe.

const email = { text: site.email, href: mailtoHref(site.email) };
const phone = { text: site.phone, href: telHref(site.phone) };
const minutes = site.appointmentMinutes;
const [workshopSmall, workshopMedium, workshopLarge] = prices.workshops;

export const terms: LegalDocument = {
  seo: {
    title: 'Terms and Conditions',
    description:
      'The terms for online hypnotherapy appointments and self-hypnosis audio: booking, payment, 24-hour cancellation, refunds, audio licence and your consumer rights.',
    keywords: ['terms and conditions', 'cancellation policy', 'refund policy', 'hypnotherapy terms'],
  },
  title: 'Terms and Conditions',
  lead: 'The agreement between you and the practice when you book an appointment or buy audio, in plain English. Please read it before you buy.',
  lastUpdated: legalLastUpdated,
  tocHeading: 'Contents',
  sections: [
    {
      id: 'about-these-terms',
      title: '1. About these terms',
      blocks: [
        {
          type: 'p',
          text: [
            `These terms apply when you book an appointment with, or buy from, ${site.practiceName}, a UK hypnotherapy practice run by ${site.practitionerName} ("we", "us", "the practice"). By booking or buying you agree to them. They sit alongside our `,
            { text: 'Privacy Policy', to: paths.privacyPolicy },
            ', which explains how we look after your information.',
          ],
        },
        {
          type: 'p',
          text: 'Nothing in these terms affects your legal rights as a consumer, including those under the Consumer Rights Act 2015 and the Consumer Contracts Regulations 2013.',
        },
      ],
    },
    {
      id: 'eligibility',
      title: '2. Who can use our services',
      blocks: [
        {
          type: 'p',
          text: 'You must be 18 or over to book an appointment, create an account or buy audio. A young person under 18 can only be seen with the written consent of a parent or guardian, who books and pays on their behalf and must be available during each appointment.',
        },
      ],
    },
    {
      id: 'appointments',
      title: '3. Appointments',
      blocks: [
        {
          type: 'ul',
          items: [
            `Every appointment lasts ${minutes} minutes and takes place online by secure video.`,
            'You book through our online booking calendar, which opens in a new tab. Your booking is confirmed when you receive the confirmation email.',
            'Please join on time from a quiet, private place with a reliable connection. If you join late, the appointment still ends at its booked time.',
            'Never join an appointment while driving, or while under the influence of alcohol or drugs. The practitioner may end an appointment if it is not safe to continue.',
            'If a technical problem on our side cuts an appointment short, we will make up the lost time at no extra cost.',
          ],
        },
      ],
    },
    {
      id: 'prices-and-payment',
      title: '4. Prices and payment',
      blocks: [
        {
          type: 'ul',
          items: [
            `A single ${minutes}-minute appointment costs ${formatPence(prices.singleAppointmentPence)}.`,
            `The monthly coaching programme costs ${formatPence(prices.monthlyCoachingPence)} (about $${prices.monthlyCoachingUsdApprox}) for ${prices.monthlyCoachingAppointments} appointments within one month, with instant-messaging support between appointments.`,
            `Individual audios cost ${formatPence(prices.audioPence)} each; a package of 3 related audios with the free Self-Hypnosis Inception Guide costs ${formatPence(prices.packagePence)}.`,
            `Corporate workshops cost ${formatPence(workshopSmall.pence)} for ${workshopSmall.participants}, ${formatPence(workshopMedium.pence)} for ${workshopMedium.participants}, and from ${formatPence(workshopLarge.pence)} for ${workshopLarge.participants}, confirmed in a written quote.`,
          ],
        },
        {
          type: 'p',
          text: 'All prices are in pounds sterling and include any VAT that applies. The price you pay is the price shown when you book or buy.',
        },
        {
          type: 'p',
          text: "Accepted payment methods: audio in the online shop is paid by credit or debit card through Stripe's secure checkout; appointments and programmes are paid by credit or debit card, or by PayPal or cryptocurrency by prior arrangement.",
        },
        {
          type: 'p',
          text: "We may change our prices, giving at least 30 days' notice on this website and by email to anyone with a booking or an active programme. A price change never affects an appointment or purchase you have already paid for.",
        },
      ],
    },
    {
      id: 'cancellations',
      title: '5. Rescheduling, cancellations and missed appointments',
      blocks: [
        {
          type: 'ul',
          items: [
            "You can reschedule or cancel free of charge with at least 24 hours' notice before the start of your appointment, using the link in your confirmation email or by contacting us.",
            "A late cancellation, with less than 24 hours' notice, may incur a fee of 50% of the appointment price.",
            'A no-show, where you miss an appointment without telling us, is charged the full fee.',
            'We understand that emergencies happen: tell us as soon as you can, and we will always consider waiving a fee in genuine circumstances.',
            'If we ever need to cancel or move your appointment, we will give you as much notice as possible and offer a new time or a full refund, whichever you prefer.',
          ],
        },
      ],
    },
    {
      id: 'refunds',
      title: '6. Refunds',
      blocks: [
        {
          type: 'ul',
          items: [
            'Prepaid packages and programmes: you can ask for a refund of the appointments you have not yet used within 30 days of purchase. We refund them minus an administration fee to cover booking and payment costs, and tell you the amount before we process it.',
            "Single appointments: if you have paid and cancel with at least 24 hours' notice, you get a full refund.",
            'Refunds are paid to the original payment method, normally within 14 days.',
          ],
        },
        {
          type: 'h3',
          text: 'Digital audio',
        },
        {
          type: 'p',
          text: 'Audio is digital content that is supplied straight away. When you buy, you ask us to make it available immediately and acknowledge that you lose your right to cancel once you start streaming or downloading it. If an audio is faulty or not as described, tell us and we will replace it or give you a refund, as the Consumer Rights Act 2015 provides.',
        },
      ],
    },
    {
      id: 'audio-licence',
      title: '7. Your audio licence and copyright',
      blocks: [
        {
          type: 'p',
          text: 'When you buy an audio, you receive a personal, non-transferable licence to stream it from your account and to download it to your own devices for your own use. The audio, scripts and guide remain the copyright of the practice.',
        },
        {
          type: 'p',
          text: 'You may not copy, share, upload, sell, broadcast or play the audio to others, or use it in a business, without our written permission. Unauthorised copying and distribution infringe copyright; we take it seriously and may take legal action, including claims for damages of up to £150,000.',
        },
        {
          type: 'p',
          text: 'For your safety, never listen to a hypnosis audio while driving, operating machinery, or doing anything else that needs your full attention.',
        },
      ],
    },
    {
      id: 'health',
      title: '8. Health and results',
      blocks: [
        {
          type: 'p',
          text: 'Hypnotherapy is a complementary therapy. It is not a substitute for medical diagnosis or treatment, and we do not diagnose conditions or advise on medication. Please see your GP about any physical or mental health concern, and tell us before your first appointment about any medical condition, medication or mental-health treatment, including epilepsy or psychosis.',
        },
        {
          type: 'p',
          text: "Hypnotherapy helps many people, but everyone is different and we cannot guarantee a particular result. Success rates and testimonials on this website describe other clients' experiences, not a promise.",
        },
        {
          type: 'p',
          text: 'In a crisis, call 999, contact NHS 111, or call Samaritans free on 116 123. The practice is not an emergency service.',
        },
      ],
    },
    {
      id: 'confidentiality',
      title: '9. Confidentiality',
      blocks: [
        {
          type: 'p',
          text: [
            'What you share with the practitioner is confidential. We would only share it without your consent where the law requires it or where there is a serious risk of harm to you or someone else. The ',
            { text: 'Privacy Policy', to: paths.privacyPolicy },
            ' explains how we handle and keep your information.',
          ],
        },
      ],
    },
    {
      id: 'accounts',
      title: '10. Your account',
      blocks: [
        {
          type: 'p',
          text: 'Keep your password private and tell us straight away if you think someone else has used your account. We may suspend an account that is used to share audio or to break these terms. You can delete your account at any time from My Account.',
        },
      ],
    },
    {
      id: 'liability',
      title: '11. Our responsibility to you',
      blocks: [
        {
          type: 'p',
          text: 'We provide our services with reasonable care and skill. If we break these terms, we are responsible for loss you suffer that was a foreseeable result, up to the amount you paid for the service or item concerned. We are not responsible for losses that were not foreseeable, or for business losses.',
        },
        {
          type: 'p',
          text: 'Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else the law does not allow us to limit.',
        },
      ],
    },
    {
      id: 'changes-and-law',
      title: '12. Changes, law and disputes',
      blocks: [
        {
          type: 'p',
          text: 'We may update these terms; the "Last updated" date above shows when they last changed. The terms in force when you booked or bought apply to that booking or purchase.',
        },
        {
          type: 'p',
          text: "These terms are governed by the law of England and Wales. If you live in Scotland or Northern Ireland, you can also bring proceedings in your local courts. If something goes wrong, please talk to us first; if we cannot resolve it, you can raise it through our professional register's complaints procedure.",
        },
      ],
    },
    {
      id: 'contact',
      title: '13. Contact us',
      blocks: [
        {
          type: 'p',
          text: [
            'Email ',
            email,
            ' or call ',
            phone,
            '. We reply within 24 hours. You can also use the ',
            { text: 'Contact Us', to: paths.contact },
            ' page.',
          ],
        },
      ],
    },
  ],
};
