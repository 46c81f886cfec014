import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Download, Lock, Play } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { fromPractitionerText as text } from '@/content/programmes';
import { stepStates, type Assignment, type ListeningProgress, type StepState } from './programme-steps';
import { assignmentsQuery } from './api/assignments';

const sharedOn = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });
const formatDate = (iso: string) => sharedOn.format(new Date(iso));

/** An audio the account owns, as My Account lists it (the player's PlayableItem has this shape). */
export interface OwnedItem {
  id: string;
  title: string;
  category: string;
  productId: string | null;
  /** Seconds, when known: the player shows it as the length before the media reports one. */
  duration?: number;
}

export interface ProgrammePlayer {
  onPlay: (item: OwnedItem, playlist: readonly OwnedItem[]) => void;
  onPlayAll: (playlist: readonly OwnedItem[]) => void;
}

/** Saves an audio the client may have as a file (My Account's download, composed in by the route). */
export type DownloadAudio = (item: OwnedItem & { productId: string }) => Promise<void>;

interface Props {
  userId: string;
  /** What the account owns: a step plays only when its audio is among them. */
  owned: readonly OwnedItem[];
  player?: ProgrammePlayer;
  /** Download for audio uploaded for this client (what they bought has its own in 'Your audio'). */
  download?: DownloadAudio;
  now?: Date;
}

/**
 * Audio the practitioner uploaded for this client (assigned on its own or as a programme's step) is theirs to
 * play, as the player knows it (by its id). A locked step shows no Play, and audio-url refuses it until it opens.
 */
function uploadedItems(assignments: readonly Assignment[]): OwnedItem[] {
  const uploaded = assignments.flatMap((assignment) => [
    ...(assignment.audio?.uploadedFile ? [assignment.audio] : []),
    ...(assignment.programme?.steps.filter((step) => step.uploadedFile) ?? []),
  ]);
  return uploaded.map((audio) => ({
    id: `uploaded-${audio.productId}`,
    title: audio.title,
    category: text.uploadedCategory,
    productId: audio.productId,
    ...(audio.duration ? { duration: audio.duration } : {}),
  }));
}

/**
 * 'From your practitioner' in My Account: each assigned programme (introduction, notes, today's step, what is
 * done, steps that open one at a time when so configured) and each assigned audio, with Play in order. Shown
 * only when something was assigned.
 */
export function FromPractitionerSection({ userId, owned, player, download, now = new Date() }: Props) {
  const query = useQuery(assignmentsQuery(userId));
  if (query.isPending) return null;
  if (query.error) {
    return (
      <Frame>
        <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive">
          {text.error}
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            {text.retry}
          </Button>
        </div>
      </Frame>
    );
  }
  const { assignments, progress } = query.data;
  if (assignments.length === 0) return null;
  const byProduct = new Map(
    [...owned, ...uploadedItems(assignments)]
      .filter((item) => item.productId)
      .map((item) => [item.productId!, item]),
  );
  return (
    <Frame>
      <ul className="space-y-6">
        {assignments.map((assignment) => (
          <li key={assignment.id}>
            <AssignmentCard
              assignment={assignment}
              progress={progress}
              owned={byProduct}
              player={player}
              download={download}
              now={now}
            />
          </li>
        ))}
      </ul>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <section
      id="from-your-practitioner"
      aria-labelledby="from-your-practitioner-title"
      className="scroll-mt-24 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <h2 id="from-your-practitioner-title" className="font-serif text-2xl font-bold text-foreground">
        {text.title}
      </h2>
      <p className="mt-1 text-muted-foreground">{text.lead}</p>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function AssignmentCard({
  assignment,
  progress,
  owned,
  player,
  download,
  now,
}: {
  assignment: Assignment;
  progress: ReadonlyMap<string, ListeningProgress>;
  owned: ReadonlyMap<string, OwnedItem>;
  player: ProgrammePlayer | undefined;
  download: DownloadAudio | undefined;
  now: Date;
}) {
  const programme = assignment.programme;
  const title = programme?.title ?? assignment.audio?.title ?? '';
  const headingId = `assignment-${assignment.id}`;
  const states: StepState[] = programme
    ? stepStates(programme, assignment.assignedAt, progress, now)
    : assignment.audio
      ? [
          {
            step: {
              id: assignment.id,
              position: 1,
              dayNumber: 1,
              note: '',
              productId: assignment.audio.productId,
              title: assignment.audio.title,
            },
            listened: progress.get(assignment.audio.productId)?.listenedAt != null,
            open: true,
            today: false,
            progress: progress.get(assignment.audio.productId) ?? null,
          },
        ]
      : [];
  // The programme in order, from its first open step not yet listened (or the start), open steps only.
  const startAt = Math.max(
    0,
    states.findIndex((state) => state.today),
  );
  const queue = states
    .slice(startAt)
    .filter((state) => state.open)
    .map((state) => owned.get(state.step.productId))
    .filter((item): item is OwnedItem => item !== undefined);
  const done = states.filter((state) => state.listened).length;

  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-serif text-xl font-bold break-words text-foreground">
            {title}
          </h3>
          <p className="text-sm text-muted-foreground">
            {text.assignedOn(formatDate(assignment.assignedAt))}
            {programme ? ` · ${text.progress(done, states.length)}` : ''}
          </p>
        </div>
        {programme && player && queue.length > 0 ? (
          <Button aria-label={text.playProgrammeLabel(title)} onClick={() => player.onPlayAll(queue)}>
            <Play aria-hidden="true" />
            {text.playProgramme}
          </Button>
        ) : null}
      </div>
      {programme?.introduction ? <p className="whitespace-pre-line">{programme.introduction}</p> : null}
      {assignment.note ? (
        <div className="rounded-lg bg-muted p-3">
          <p className="text-sm font-semibold text-foreground">{text.practitionerNote}</p>
          <p className="whitespace-pre-line">{assignment.note}</p>
        </div>
      ) : null}
      <ol className="divide-y divide-border border-y border-border" aria-label={text.stepsLabel(title)}>
        {states.map((state) => (
          <StepRow
            key={state.step.id}
            state={state}
            showStep={programme !== null}
            item={owned.get(state.step.productId)}
            queue={queue}
            player={player}
            download={assignment.audio?.uploadedFile || state.step.uploadedFile ? download : undefined}
          />
        ))}
      </ol>
    </article>
  );
}

function StepRow({
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
