import type { FaqEntry } from './faq';

// FAQ entries 1-5: the questions a newcomer asks first, shown on /about as well as /faq. Part of the one FAQ
// list in faq-entries.ts; kept in their own module so /about does not ship all 33 answers.

export const firstFaqEntries: readonly FaqEntry[] = [
  // General
  {
    id: 1,
    category: 'general',
    question: 'What is hypnotherapy?',
    answer:
      'Hypnotherapy uses hypnosis (a natural, relaxed and focused state of attention, a little like being absorbed in a good book) to help you change unwanted habits, thoughts and feelings. In that state you are more open to helpful suggestions and new ways of responding, which you then practise in everyday life. It is a collaborative talking therapy: we agree clear goals together, and you stay aware and in control throughout.',
  },
  {
    id: 2,
    category: 'general',
    question: 'Will I lose control or be made to do something against my will?',
    answer:
      'No. Clinical hypnotherapy is nothing like stage hypnosis. You remain aware of where you are and what is being said, you can speak, move or open your eyes at any time, and you cannot be made to do or say anything that goes against your values. Most people simply describe the experience as feeling deeply relaxed and calm.',
  },
  {
    id: 3,
    category: 'general',
    question: 'Is hypnotherapy safe?',
    answer:
      'For most adults, yes. Hypnosis is a natural state that you pass through every day, for example just before falling asleep. Before we start, you complete a short health questionnaire so that we can check hypnotherapy is right for you. Some conditions, such as epilepsy, psychosis or a severe personality disorder, need extra care or are better supported elsewhere; if any of these apply to you, please mention them when you get in touch.',
  },
  {
    id: 4,
    category: 'general',
    question: 'Does online hypnotherapy work as well as seeing someone in person?',
    answer:
      'Hypnotherapy works through conversation and the voice, so it adapts very well to secure video. Many clients find it easier to relax in their own familiar surroundings, with no travel and no waiting room beforehand. You simply need a quiet, private space, a device with a camera and a reliable internet connection.',
  },
  {
    id: 5,
    category: 'general',
    question: 'Can anyone be hypnotised?',
    answer:
      'Almost everyone can experience hypnosis if they want to and feel comfortable. It is a skill rather than something done to you, so it usually becomes easier with practice, which is why each appointment also teaches you self-hypnosis that you can keep using on your own. You do not need to feel "under" for it to work: many people are surprised by how ordinary, pleasant and relaxing it feels.',
  },
];
