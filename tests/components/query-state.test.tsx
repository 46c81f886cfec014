// The shared loading / failure / content of one query (src/components/ui/query-state.tsx): the dashboard's panel
// shows the admin the technical message; a customer's section says it in its own words, with no detail.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryState } from '@/components/ui/query-state';
import { uiText } from '@/content/ui';

const own = { loading: 'Loading your orders…', error: 'Your orders could not be loaded.', retry: 'Again' };

function query(state: { isPending?: boolean; error?: Error | null; data?: string[] }) {
  return { isPending: false, error: null, data: undefined, refetch: vi.fn(), ...state };
}

describe('QueryState', () => {
  it('shows the loading status while pending, in the section’s words when it has them', () => {
    const { rerender } = render(
      <QueryState query={query({ isPending: true })}>{() => 'content'}</QueryState>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(uiText.loading);
    rerender(
      <QueryState query={query({ isPending: true })} text={own} look="inline">
        {() => 'content'}
      </QueryState>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(own.loading);
    expect(screen.queryByText('content')).toBeNull();
  });

  it('the panel tells the admin what failed; its retry asks again', async () => {
    const failed = query({ error: new Error('permission denied') });
    render(<QueryState query={failed}>{() => 'content'}</QueryState>);
    expect(screen.getByRole('alert')).toHaveTextContent(`${uiText.loadFailed} (permission denied)`);
    await userEvent.click(screen.getByRole('button', { name: uiText.retry }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('inline, a failure is the section’s own sentence without the technical detail, and retries', async () => {
    const failed = query({ error: new Error('permission denied'), data: ['stale'] });
    render(
      <QueryState query={failed} text={own} look="inline">
        {() => 'content'}
      </QueryState>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(own.error);
    expect(alert).not.toHaveTextContent('permission denied');
    expect(screen.queryByText('content')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: own.retry }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('renders the content with the data once loaded', () => {
    render(
      <QueryState query={query({ data: ['a', 'b'] })} text={own} look="inline">
        {(items) => items.join(', ')}
      </QueryState>,
    );
    expect(screen.getByText('a, b')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
