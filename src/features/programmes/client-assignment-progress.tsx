import { DataTable } from '@/components/ui/data-table';
import type { Message } from '@/components/ui/notice';
import { clientRecordText as text } from '@/content/programmes';
import { formatDate, formatDateTime } from '@/lib/practice-dates';
import { AssignmentActions } from './assignment-actions';
import type { AudioOption } from './programme-draft';
import {
  assignmentStates,
  minutesListened,
  type Assignment,
  type ListeningProgress,
} from './programme-steps';

/**
 * One assignment in the client record: what it is, when and how it was given, how far each step was listened,
 * and its Edit and Remove (docs/programmes.md "Removing and editing a client's assignment").
 */
export function AssignmentProgress({
  assignment,
  progress,
  now,
  audios,
  onRemoved,
}: {
  assignment: Assignment;
  progress: ReadonlyMap<string, ListeningProgress>;
  now: Date;
  audios: AudioOption[];
  onRemoved: (message: Message) => void;
}) {
  const title = assignment.programme?.title ?? assignment.audio?.title ?? '';
  const states = assignmentStates(assignment, progress, now);
  return (
    <div className="space-y-2 rounded-lg border border-border p-3">
      <p>
        <span className="font-semibold">{title}</span> · {text.assignedOn(formatDate(assignment.assignedAt))}{' '}
        ·{' '}
        {assignment.audio?.uploadedFile
          ? text.uploaded
          : assignment.access === 'granted'
            ? text.included
            : text.offered}
      </p>
      {assignment.note ? <p className="text-sm text-muted-foreground">{assignment.note}</p> : null}
      <DataTable
        caption={text.stepsCaption(title)}
        rows={states}
        rowKey={(state) => state.step.id}
        empty={text.noAssignments}
        columns={[
          { header: text.step, numeric: true, cell: (state) => state.step.position },
          { header: text.day, numeric: true, cell: (state) => state.step.dayNumber },
          { header: text.audio, className: 'min-w-40', cell: (state) => state.step.title },
          {
            header: text.listened,
            cell: (state) => (state.progress?.listenedAt ? text.yes : text.no),
          },
          { header: text.minutes, numeric: true, cell: (state) => minutesListened(state.progress) },
          {
            header: text.lastListened,
            cell: (state) => (state.progress ? formatDateTime(state.progress.lastListenedAt) : text.never),
          },
        ]}
      />
      <AssignmentActions assignment={assignment} title={title} audios={audios} onRemoved={onRemoved} />
    </div>
  );
}
