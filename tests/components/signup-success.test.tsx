import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { Component as AuthPage } from '@/routes/auth/auth';
import { fake, sessionFor } from './auth-fake-supabase';
import { renderAt } from './auth-render';

// Sign-up ends in a clear state: success replaces the form, and the emailed confirmation link (which signs the
// visitor in on the site's home page) says so.

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));

beforeEach(() => fake.reset());
afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

async function signUp(email: string) {
  const user = userEvent.setup();
  window.history.replaceState(null, '', '/auth?tab=signup');
  renderAt('/auth?tab=signup', '/auth', <AuthPage />);
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret123');
  await user.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
  return user;
}

describe('sign-up success', () => {
  it('replaces the form with the confirmation, the address and what to do next', async () => {
    await signUp('  new@example.com ');
    expect(await screen.findByRole('status')).toHaveTextContent('Check your email for a confirmation link!');
    // The form is gone: no fields, no second 'Create Account'.
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password', { selector: 'input' })).not.toBeInTheDocument();
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    expect(screen.getByText(/Open the link in that email/)).toBeInTheDocument();
    expect(screen.getByText(/check your spam or junk folder/)).toBeInTheDocument();
  });

  it("'Use a different email' brings back an empty form", async () => {
    const user = await signUp('new@example.com');
    await user.click(await screen.findByRole('button', { name: 'Use a different email' }));
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps the form, filled, when the provider refuses', async () => {
    fake.client.auth.signUp.mockResolvedValueOnce({
      data: { user: null, session: null },
      error: { message: 'User already registered' },
    } as never);
    await signUp('taken@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('User already registered');
    expect(screen.getByLabelText('Email')).toHaveValue('taken@example.com');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
  });
});

describe('after the confirmation link', () => {
  it("says 'Email confirmed: you are signed in' once the link's session arrives", async () => {
    const success = vi.spyOn(toast, 'success');
    fake.client.session = sessionFor('new@example.com');
    window.history.replaceState(null, '', '/#access_token=abc&refresh_token=def&token_type=bearer&type=signup');
    renderAt('/', '/', <p>Home</p>);
    await waitFor(() => expect(success).toHaveBeenCalledTimes(1));
    expect(success.mock.calls[0]?.[0]).toBe('Email confirmed: you are signed in');
    // Later auth events (a token refresh) do not repeat it.
    await act(async () => fake.client.emit('TOKEN_REFRESHED', sessionFor('new@example.com')));
    expect(success).toHaveBeenCalledTimes(1);
  });

  it('says nothing for a recovery link or an ordinary visit', async () => {
    const success = vi.spyOn(toast, 'success');
    fake.client.session = sessionFor('back@example.com');
    window.history.replaceState(null, '', '/#access_token=abc&refresh_token=def&token_type=bearer&type=recovery');
    renderAt('/', '/', <p>Home</p>);
    await waitFor(() => expect(fake.loaded).toBe(true));
    await act(async () => {});
    expect(success).not.toHaveBeenCalled();
  });
});
