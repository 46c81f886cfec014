import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { programmesAdminText as text } from '@/content/programmes';
import { productsQuery } from '@/lib/admin-api/products';
import { TitledSection } from '@/components/ui/titled-section';
import { type Message, messageOf, Notice } from '@/components/ui/notice';
import { QueryState } from '@/components/ui/query-state';
import { DataTable } from '@/components/ui/data-table';
import { AssignForm } from './assign-form';
import { audioOptions, emptyDraft, toDraft } from './programme-draft';
import { ProgrammeEditor } from './programme-editor';
import type { ProgrammeDraft } from './api/drafts';
import {
  templatesQuery,
  useDuplicateProgramme,
  useSaveProgramme,
  type ProgrammeTemplate,
} from './api/templates';

/** The admin's Programmes tab: templates (new, edit, duplicate) and assigning one, or an audio, to a client. */
export function ProgrammesSection() {
  const templates = useQuery(templatesQuery());
  const products = useQuery(productsQuery(''));
  const [editing, setEditing] = useState<ProgrammeDraft | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const audios = audioOptions(products.data);

  const saveTemplate = useSaveProgramme();
  const duplication = useDuplicateProgramme();

  function duplicate(programme: ProgrammeTemplate) {
    setMessage(null);
    duplication.mutate(programme.id, {
      onSuccess: () => setMessage({ variant: 'success', text: text.duplicated(programme.title) }),
      onError: (error) => setMessage({ variant: 'error', text: messageOf(error, text.duplicateFailed) }),
    });
  }

  return (
    <TitledSection
      title={text.heading}
      actions={
        editing ? null : (
          <Button
            onClick={() => {
              setMessage(null);
              setEditing(emptyDraft());
            }}
          >
            <Plus aria-hidden="true" />
            {text.newProgramme}
          </Button>
        )
      }
    >
      <p className="text-muted-foreground">{text.lead}</p>
      {message ? <Notice variant={message.variant}>{message.text}</Notice> : null}
      {editing ? (
        <ProgrammeEditor
          key={editing.id ?? 'new'}
          initial={editing}
          audios={audios}
          save={{
            mutate: (draft, done) => saveTemplate.mutate(draft, done),
            isPending: saveTemplate.isPending,
          }}
          onSaved={(title) => {
            setEditing(null);
            setMessage({ variant: 'success', text: text.saved(title) });
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <QueryState query={templates}>
        {(rows) => (
          <DataTable
            caption={text.templatesCaption}
            rows={rows}
            rowKey={(row) => row.id}
            empty={text.noTemplates}
            columns={[
              { header: text.title, className: 'min-w-48', cell: (row) => row.title },
              { header: text.steps, numeric: true, cell: (row) => row.steps.length },
              {
                header: text.unlock,
                cell: (row) => (row.sequentialUnlock ? text.sequential : text.allAtOnce),
              },
              {
                header: text.actions,
                cell: (row) => (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={text.editLabel(row.title)}
                      onClick={() => {
                        setMessage(null);
                        setEditing(toDraft(row));
                      }}
                    >
                      {text.edit}
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={text.duplicateLabel(row.title)}
                      disabled={duplication.isPending}
                      onClick={() => duplicate(row)}
                    >
                      {text.duplicate}
                    </Button>
                  </div>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      {templates.data && products.data ? <AssignForm programmes={templates.data} audios={audios} /> : null}
    </TitledSection>
  );
}
