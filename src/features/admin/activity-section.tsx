import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { activityText as text } from '@/content/admin';
import { activityQuery, PAGE_SIZE, type ActivityRow } from './admin-api';
import {
  AdminSection,
  Field,
  formatDateTime,
  inputClass,
  Pager,
  QueryState,
  TableFrame,
  Td,
  Th,
} from './admin-ui';

export function ActivitySection() {
  const id = useId();
  const [entity, setEntity] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const query = useQuery(activityQuery(entity, pageIndex));
  return (
    <AdminSection title={text.heading}>
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
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
        {() => {
          const { rows, hasMore } = query.data!;
          return (
            <div className="space-y-4">
              {rows.length === 0 ? (
                <p className="text-muted-foreground">{text.empty}</p>
              ) : (
                <TableFrame label={text.tableCaption}>
                  <table className="w-full border-collapse">
                    <caption className="sr-only">{text.tableCaption}</caption>
                    <thead>
                      <tr>
                        <Th>{text.when}</Th>
                        <Th>{text.who}</Th>
                        <Th>{text.what}</Th>
                        <Th>{text.details}</Th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((row) => (
                        <tr key={row.id}>
                          <Td className="whitespace-nowrap">{formatDateTime(row.created_at)}</Td>
                          <Td className="break-all">{row.actor_email ?? text.system}</Td>
                          <Td className="min-w-48">
                            <span className="font-semibold">
                              {text.actionLabels[row.action] ?? row.action}
                            </span>
                            {row.summary ? <span className="block break-words">{row.summary}</span> : null}
                          </Td>
                          <Td className="min-w-64">
                            <Changes row={row} />
                          </Td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableFrame>
              )}
              <Pager
                pageIndex={pageIndex}
                count={rows.length}
                pageSize={PAGE_SIZE}
                hasMore={hasMore}
                onPage={setPageIndex}
              />
            </div>
          );
        }}
      </QueryState>
    </AdminSection>
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
          <dd className="inline break-words">
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
