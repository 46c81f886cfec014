import { accountText } from '@/content/account';
import { formatDateGB } from './account-format';

const text = accountText.audio;

/** An owned audio's title, category and purchase date (and what was paid, when known): 'Your audio', online or not. */
export function OwnedAudioSummary({
  audio,
  paid,
}: {
  audio: { title: string; category?: string | null; purchaseDate: string };
  paid?: string | null;
}) {
  return (
    <div className="min-w-0">
      <h3 className="font-semibold break-words text-foreground">{audio.title}</h3>
      <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        {audio.category ? (
          <div className="flex gap-1">
            <dt className="sr-only">{text.category}</dt>
            <dd>{audio.category}</dd>
          </div>
        ) : null}
        <div className="flex gap-1">
          <dt>{text.purchased}</dt>
          <dd>{formatDateGB(audio.purchaseDate)}</dd>
        </div>
        {paid ? (
          <div className="flex gap-1">
            <dt className="sr-only">{text.price}</dt>
            <dd>{paid}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
