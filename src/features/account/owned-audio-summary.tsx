import { accountText } from '@/content/account';
import { formatDateGB } from './account-format';

const text = accountText.audio;

/** m:ss, or h:mm:ss from an hour. */
function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Where the listener is in an audio (its length known, and listened to on this device), for its row. */
export interface AudioListening {
  /** Seconds this device left it at; 0 when never (or heard to its end). */
  leftAt: number;
  /** The player plays it now. */
  playing: boolean;
}

/**
 * An owned audio's title, category, length and purchase date (or that it came from the practitioner), what
 * was paid when known, and where this device left it, marked while it plays: 'Your audio', online or not.
 */
export function OwnedAudioSummary({
  audio,
  paid,
  gift = false,
  listening,
  headingLevel = 3,
}: {
  audio: { title: string; category?: string | null; purchaseDate: string; duration?: number };
  paid?: string | null;
  /** Given by the practitioner (no order, nothing paid): said so instead of 'Purchased' and a price. */
  gift?: boolean;
  listening?: AudioListening;
  /** 3 directly under 'Your audio' (offline); 4 under a group's heading. */
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const length = audio.duration;
  const leftAt = listening?.leftAt ?? 0;
  return (
    <div className="min-w-0">
      <Heading className="font-semibold break-words text-foreground">
        {audio.title}
        {listening?.playing ? (
          <span className="ml-2 inline-block rounded-full bg-primary-soft px-2 text-sm font-semibold text-primary">
            {text.playing}
          </span>
        ) : null}
      </Heading>
      <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        {audio.category ? (
          <div className="flex gap-1">
            <dt className="sr-only">{text.category}</dt>
            <dd>{audio.category}</dd>
          </div>
        ) : null}
        {length ? (
          <div className="flex gap-1">
            <dt className="sr-only">{text.length}</dt>
            <dd className="tabular-nums">{clock(length)}</dd>
          </div>
        ) : null}
        {gift ? (
          <div className="flex gap-1">
            <dt className="sr-only">{text.purchased}</dt>
            <dd>
              {text.fromPractitioner}, {formatDateGB(audio.purchaseDate)}
            </dd>
          </div>
        ) : (
          <div className="flex gap-1">
            <dt>{text.purchased}</dt>
            <dd>{formatDateGB(audio.purchaseDate)}</dd>
          </div>
        )}
        {paid && !gift ? (
          <div className="flex gap-1">
            <dt className="sr-only">{text.price}</dt>
            <dd>{paid}</dd>
          </div>
        ) : null}
        {leftAt > 0 ? (
          <div className="flex gap-1">
            <dt className="sr-only">{text.progress}</dt>
            <dd className="tabular-nums">{text.leftAt(clock(leftAt))}</dd>
          </div>
        ) : null}
      </dl>
      {length && leftAt > 0 ? (
        <div aria-hidden="true" className="mt-2 h-1 max-w-xs overflow-hidden rounded-full bg-border">
          <div
            className="h-full bg-primary"
            style={{ width: `${Math.min(100, (leftAt / length) * 100)}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}
