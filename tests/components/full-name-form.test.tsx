import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FullNameForm } from '@/features/auth/full-name-form';
import { QueryProvider } from '@/lib/query-provider';
import { fake } from './auth-fake-supabase';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));

beforeEach(() => {
  fake.reset();
});

/** The form as My Account renders it: inside the app's query provider (the save is a mutation). */
function renderForm(savedName: string | null) {
  render(
    <QueryProvider>
      <FullNameForm savedName={savedName} />
    </QueryProvider>,
  );
}

const field = () => screen.getByRole('textbox', { name: 'Your name' });
const save = () => screen.getByRole('button', { name: 'Save name' });

describe('Your name (My Account)', () => {
  it('shows the saved name', () => {
    renderForm('Sam Example');
    expect(field()).toHaveValue('Sam Example');
    expect(field()).toHaveAttribute('autocomplete', 'name');
  });

  it('saves the trimmed name in the auth metadata as full_name and says so', async () => {
    const user = userEvent.setup();
    renderForm(null);
    expect(field()).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Remove name' })).not.toBeInTheDocument();
    await user.type(field(), "  Ann O'Neil  ");
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent('Your name has been saved.');
    expect(fake.client.auth.updateUser).toHaveBeenCalledTimes(1);
    expect(fake.client.auth.updateUser).toHaveBeenCalledWith({ data: { full_name: "Ann O'Neil" } });
    expect(field()).toHaveValue("Ann O'Neil");
    expect(screen.getByRole('button', { name: 'Remove name' })).toBeInTheDocument();
  });

  it('refuses a blank entry with a clear message on the field, and sends nothing', async () => {
    const user = userEvent.setup();
    renderForm(null);
    await user.type(field(), '   ');
    await user.click(save());
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription('Please enter your name (or remove it).');
    expect(field()).toHaveFocus();
    expect(fake.client.auth.updateUser).not.toHaveBeenCalled();
  });

  it('refuses more than 100 characters, keeping what was saved', async () => {
    const user = userEvent.setup();
    renderForm('Sam Example');
    await user.clear(field());
    await user.click(field());
    await user.paste('a'.repeat(101));
    await user.click(save());
    expect(field()).toHaveAccessibleDescription('Your name must be 100 characters or fewer.');
    expect(fake.client.auth.updateUser).not.toHaveBeenCalled();
    // A valid entry then clears the message and saves.
    await user.clear(field());
    await user.paste('a'.repeat(100));
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent('Your name has been saved.');
    expect(field()).not.toHaveAttribute('aria-invalid');
    expect(fake.client.auth.updateUser).toHaveBeenCalledWith({ data: { full_name: 'a'.repeat(100) } });
  });

  it('says when the name could not be saved', async () => {
    const user = userEvent.setup();
    fake.client.auth.updateUser.mockResolvedValueOnce({ data: { user: null }, error: { message: 'Network down' } });
    renderForm(null);
    await user.type(field(), 'Sam');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your name could not be saved. Please try again.');
    expect(screen.queryByRole('button', { name: 'Remove name' })).not.toBeInTheDocument();
  });

  it('removes a saved name (full_name null) and empties the field', async () => {
    const user = userEvent.setup();
    renderForm('Sam Example');
    await user.click(screen.getByRole('button', { name: 'Remove name' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your name has been removed.');
    expect(fake.client.auth.updateUser).toHaveBeenCalledWith({ data: { full_name: null } });
    expect(field()).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Remove name' })).not.toBeInTheDocument();
  });
});
