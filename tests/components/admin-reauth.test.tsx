// Actions that remove or grant ask for the password again when the server refuses an old sign-in
// (src/lib/admin-api/reauth.ts, src/features/admin/reauth-dialog.tsx; docs/security.md "Destructive admin
// actions"): the dialog opens with the focus in the password field, a wrong password says so and keeps it open,
// the right one signs the admin in again with their own email and the action runs once more; Cancel (or Escape)
// leaves it undone with a clear message.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reauthText } from '@/content/admin';
import { AdminsSection } from '@/features/admin/admins-section';
import { ReauthDialog } from '@/features/admin/reauth-dialog';
import { createQueryClient } from '@/lib/query-client';

const ADMIN_EMAIL = 'admin@example.com';
const stale = { data: null, error: { message: 'reauthentication_needed', code: 'P0001' } };

let signedInAgain = false;
const rpc = vi.fn(async (name: string) => {
  if (name === 'admin_list_admins') return { data: [], error: null };
  if (name === 'admin_grant_admin') return signedInAgain ? { data: 'new-id', error: null } : stale;
  throw new Error(`unexpected rpc ${name}`);
});
const signInWithPassword = vi.fn(async ({ password }: { email: string; password: string }) => {
  if (password !== 'right-password')
    return { data: {}, error: { status: 400, message: 'Invalid login credentials' } };
  signedInAgain = true;
  return { data: {}, error: null };
});
const getSession = vi.fn(async () => ({ data: { session: { user: { email: ADMIN_EMAIL } } } }));
vi.mock('@/lib/supabase', () => ({
  getSupabase: async () => ({ rpc, auth: { signInWithPassword, getSession } }),
}));

function renderAdmins() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminsSection currentEmail={ADMIN_EMAIL} />
      <ReauthDialog />
    </QueryClientProvider>,
  );
}

async function askToGrant(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email of an existing account'), 'colleague@example.com');
  await user.click(screen.getByRole('button', { name: 'Make admin' }));
  return screen.findByRole('dialog', { name: reauthText.title });
}

beforeEach(() => {
  signedInAgain = false;
  rpc.mockClear();
  signInWithPassword.mockClear();
});

describe('the password question before an action that grants', () => {
  it('opens on reauthentication_needed, refuses a wrong password, and runs the action after the right one', async () => {
    const user = userEvent.setup();
    renderAdmins();
    const dialog = await askToGrant(user);
    const field = within(dialog).getByLabelText(reauthText.passwordLabel);
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('type', 'password');
    expect(within(dialog).getByText(reauthText.body)).toBeInTheDocument();

    // Nothing typed: said at the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: reauthText.confirm }));
    expect(within(dialog).getByText(reauthText.passwordRequired)).toBeInTheDocument();
    expect(signInWithPassword).not.toHaveBeenCalled();

    await user.type(field, 'wrong-password{Enter}');
    expect(await within(dialog).findByText(reauthText.wrongPassword)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(signInWithPassword).toHaveBeenLastCalledWith({ email: ADMIN_EMAIL, password: 'wrong-password' });

    await user.clear(field);
    await user.type(field, 'right-password{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('colleague@example.com is now an admin.')).toBeInTheDocument();
    const grants = rpc.mock.calls.filter(([name]) => name === 'admin_grant_admin');
    expect(grants).toHaveLength(2);
    expect(signInWithPassword).toHaveBeenLastCalledWith({ email: ADMIN_EMAIL, password: 'right-password' });
  });

  it('Escape leaves the action undone, says so, and gives the focus back to the button that started it', async () => {
    const user = userEvent.setup();
    renderAdmins();
    await askToGrant(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(reauthText.cancelled)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make admin' })).toHaveFocus();
    expect(rpc.mock.calls.filter(([name]) => name === 'admin_grant_admin')).toHaveLength(1);
    expect(signInWithPassword).not.toHaveBeenCalled();
  });

  it('Cancel does the same', async () => {
    const user = userEvent.setup();
    renderAdmins();
    const dialog = await askToGrant(user);
    await user.click(within(dialog).getByRole('button', { name: reauthText.cancel }));
    expect(await screen.findByText(reauthText.cancelled)).toBeInTheDocument();
  });
});
