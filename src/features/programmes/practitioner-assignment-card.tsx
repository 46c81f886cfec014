import { Play } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { fromPractitionerText as text } from '@/content/programmes';
import type { DownloadAudio, OwnedItem, ProgrammePlayer } from './practitioner-audio';
import { StepRow } from './practitioner-step-row';
import { assignmentStates, playOrder, type Assignment, type ListeningProgress } from './programme-steps';

const sharedOn = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });
const formatDate = (iso: string) => sharedOn.format(new Date(iso));

/**
 * One assignment in the client's 'From your practitioner': a programme (introduction, the practitioner's note,
 * progress, Play from today's step) or a single audio, and its steps.
 */
export function AssignmentCard({
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
  const states = assignmentStates(assignment, progress, now);
  // The programme in order, from its first open step not yet listened (or the start), open steps only.
  const queue = playOrder(states)
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
