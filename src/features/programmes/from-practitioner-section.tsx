import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { fromPractitionerText as text } from '@/content/programmes';
import { assignmentsQuery } from './api/assignments';
import { AssignmentCard } from './practitioner-assignment-card';
import {
  playableByProduct,
  type DownloadAudio,
  type OwnedItem,
  type ProgrammePlayer,
} from './practitioner-audio';

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
  const byProduct = playableByProduct(owned, assignments);
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
