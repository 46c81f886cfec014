import { useEffect, useRef, useState } from 'react';
import { playerText } from '@/content/player';
import { formatTime } from './player-logic';
import type { ResumeOffer } from './player-types';

const DAY_MS = 86_400_000;

/** 'today', 'yesterday' or 'on 21 November' (the listener's calendar days, in their time zone). */
export function playedWhen(playedAt: number, now: number): string {
  const startOfDay = (ms: number) => {
    const d = new Date(ms);
    return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  };
  const days = Math.round((startOfDay(now) - startOfDay(playedAt)) / DAY_MS);
  if (days <= 0) return playerText.today;
  if (days === 1) return playerText.yesterday;
  return playerText.onDate(
    new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long' }).format(playedAt),
  );
}

interface ResumeQuestionProps {
  offer: ResumeOffer;
  onAnswer: (choice: 'remote' | 'local') => void;
  now?: number;
  /** The listener pressed Play and waits on this answer: focus goes to it (keyboard and screen reader). */
  focusOnShow?: boolean;
}

/**
 * Asks where to continue when another device left the current track elsewhere: 'Continue from 12:30, played
 * on your phone yesterday, or 4:10?'. The top of the player bar (the page makes room for it, so it covers
 * nothing); nothing sounds until it is answered (docs/player.md "Resume asks before any sound").
 */
export function ResumeQuestion({ offer, onAnswer, now, focusOnShow = false }: ResumeQuestionProps) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnShow) first.current?.focus();
  }, [focusOnShow]);
  // The day words ('yesterday') are fixed when the question appears.
  const [shownAt] = useState(() => now ?? Date.now());
  const remote = formatTime(offer.remoteSeconds);
  const device = playerText.deviceName[offer.remoteDeviceKind];
  const when = playedWhen(offer.remotePlayedAt, shownAt);
  const neverHere = offer.localSeconds < 1;
  const question = neverHere
    ? playerText.resumeElsewhere(remote, device, when)
    : playerText.resumeConflict(remote, device, when, formatTime(offer.localSeconds));
  return (
    <div
      role="group"
      aria-label={playerText.resumeQuestionLabel}
      data-testid="resume-question"
      className="mx-auto w-full max-w-5xl border-b-2 border-border px-3 py-2 text-sm sm:px-4"
    >
      <p className="font-semibold">{question}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          ref={first}
          type="button"
          onClick={() => onAnswer('remote')}
          className="min-h-11 cursor-pointer rounded-lg bg-primary px-4 font-semibold text-primary-foreground hover:bg-brand-800"
        >
          {playerText.continueFrom(remote)}
        </button>
        <button
          type="button"
          onClick={() => onAnswer('local')}
          className="min-h-11 cursor-pointer rounded-lg border-2 border-primary px-4 font-semibold text-primary hover:bg-primary-soft"
        >
          {neverHere
            ? playerText.startFromBeginning
            : playerText.continueFrom(formatTime(offer.localSeconds))}
        </button>
      </div>
    </div>
  );
}
