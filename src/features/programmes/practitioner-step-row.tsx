import { CircleCheck, Download, Lock, Play } from 'lucide-react';
import { useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { fromPractitionerText as text } from '@/content/programmes';
import type { DownloadAudio, OwnedItem, ProgrammePlayer } from './practitioner-audio';
import type { StepState } from './programme-steps';

/**
 * One step (or the one assigned audio) in the client's 'From your practitioner': done, today's or locked, and
 * Play, Download (audio uploaded for them) or a link to buy an audio they do not own.
 */
export function StepRow({
  state,
  showStep,
  item,
  queue,
  player,
  download,
}: {
  state: StepState;
  showStep: boolean;
  item: OwnedItem | undefined;
  queue: readonly OwnedItem[];
  player: ProgrammePlayer | undefined;
  /** Given for audio uploaded for this client. */
  download: DownloadAudio | undefined;
}) {
  const { step } = state;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        {showStep ? (
          <p className="text-sm text-muted-foreground">{text.stepLabel(step.position, step.dayNumber)}</p>
        ) : null}
        <p className="font-semibold break-words text-foreground">{step.title}</p>
        {step.note ? <p className="text-sm">{step.note}</p> : null}
        <p className="mt-1 flex flex-wrap gap-2 text-sm">
          {state.listened ? (
            <span className="inline-flex items-center gap-1 font-semibold text-success">
              <CircleCheck aria-hidden="true" className="size-4" />
              {text.done}
            </span>
          ) : null}
          {state.today ? (
            <span className="rounded bg-primary-soft px-1.5 font-semibold">{text.today}</span>
          ) : null}
          {!state.open ? (
            <span className="inline-flex items-center gap-1 text-muted-foreground">
              <Lock aria-hidden="true" className="size-4" />
              {text.locked(step.dayNumber)}
            </span>
          ) : null}
        </p>
      </div>
      {state.open ? (
        item && player ? (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant={state.today ? 'primary' : 'secondary'}
              aria-label={text.playLabel(step.title)}
              onClick={() => player.onPlay(item, queue.length > 0 ? queue : [item])}
            >
              <Play aria-hidden="true" />
              {text.play}
            </Button>
            {download && item.productId ? (
              <DownloadButton item={{ ...item, productId: item.productId }} download={download} />
            ) : null}
          </div>
        ) : !item ? (
          <AppLink to={paths.individualAudios} className="text-primary underline underline-offset-4">
            {text.buyLabel(step.title)}
          </AppLink>
        ) : null
      ) : null}
    </li>
  );
}

function DownloadButton({
  item,
  download,
}: {
  item: OwnedItem & { productId: string };
  download: DownloadAudio;
}) {
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle');
  return (
    <div className="flex flex-col gap-1">
      <Button
        size="sm"
        variant="secondary"
        aria-label={text.downloadLabel(item.title)}
        disabled={state === 'pending'}
        onClick={() => {
          setState('pending');
          download(item).then(
            () => setState('idle'),
            () => setState('failed'),
          );
        }}
      >
        <Download aria-hidden="true" />
        {state === 'pending' ? text.downloading : text.download}
      </Button>
      {state === 'failed' ? (
        <p role="alert" className="text-sm text-destructive">
          {text.downloadFailed}
        </p>
      ) : null}
    </div>
  );
}
