import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { activityText as text } from '@/content/admin';
import { activityQuery, type ActivityRow } from './api/activity';
import { TitledSection } from '@/components/ui/titled-section';
import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/input-style';
import { PagedQueryTable } from '@/components/ui/data-table';

export function ActivitySection() {
  const id = useId();
  const [entity, setEntity] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const query = useQuery(activityQuery(entity, pageIndex));
  return (
    <TitledSection title={text.heading}>
      <p className="text-muted-foreground">{text.help}</p>
      <div className="max-w-xs">
        <Field id={`${id}-entity`} label={text.filterLabel}>
          <select
            id={`${id}-entity`}
            className={inputClass}
            value={entity}
            onChange={(event) => {
              setEntity(event.target.value);
              setPageIndex(0);
            }}
          >
            <option value="">{text.all}</option>
            {Object.entries(text.entityLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <PagedQueryTable
        query={query}
        pageIndex={pageIndex}
        onPage={setPageIndex}
        caption={text.tableCaption}
        rowKey={(row) => row.id}
        empty={text.empty}
        columns={[
          { header: text.when, date: (row) => row.created_at },
          {
            header: text.who,
            className: 'min-w-48 break-all',
            cell: (row) => row.actor_email ?? text.system,
          },
          {
            header: text.what,
            className: 'min-w-48',
            cell: (row) => (
              <>
                <span className="font-semibold">{text.actionLabels[row.action] ?? row.action}</span>
                {row.summary ? <span className="block wrap-anywhere">{row.summary}</span> : null}
              </>
            ),
          },
          { header: text.details, className: 'min-w-64', cell: (row) => <Changes row={row} /> },
        ]}
      />
    </TitledSection>
  );
}

const HIDDEN_KEYS = new Set(['id', 'created_at', 'updated_at']);

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Before → after per changed field (for a creation or deletion: the one side there is). */
function Changes({ row }: { row: ActivityRow }) {
  const keys = [...new Set([...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})])].filter(
    (key) => !HIDDEN_KEYS.has(key),
  );
  if (keys.length === 0) return null;
  return (
    <dl className="space-y-1 text-sm">
      {keys.map((key) => (
        <div key={key}>
          <dt className="inline font-semibold">{key}: </dt>
          <dd className="inline wrap-anywhere">
            {row.before ? (
              <>
                <span className="sr-only">{text.before} </span>
                <del>{show(row.before[key])}</del>
              </>
            ) : null}
            {row.before && row.after ? ' → ' : null}
            {row.after ? (
              <>
                <span className="sr-only">{text.after} </span>
                <ins className="no-underline">{show(row.after[key])}</ins>
              </>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
