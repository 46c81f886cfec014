import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as AuthPage } from '@/routes/auth/auth';
import { fake, sessionFor, stubGoTrue } from './auth-fake-supabase';
import { renderAt } from './auth-render';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));

function renderAuth(url = '/auth') {
  window.history.replaceState(null, '', url);
  return renderAt(url, '/auth', <AuthPage />);
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => fake.reset());
afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('/auth tabs', () => {
  it('shows Sign In, Sign Up and Reset tabs, back to home and the forgot-password link', () => {
    renderAuth();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Sign In', 'Sign Up', 'Reset']);
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: /Back to home/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
  });

  it('opens Sign Up from ?tab=signup and Back to Sign In returns to login', async () => {
    const user = userEvent.setup();
    renderAuth('/auth?tab=signup');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Confirm Password', { selector: 'input' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Reset' }));
    expect(location()).toBe('/auth?tab=forgot');
    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(location()).toBe('/auth');
  });

  it('wires every field to a visible label with the required attributes', () => {
    renderAuth('/auth?tab=signup');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    for (const name of ['Password', 'Confirm Password']) {
      const input = screen.getByLabelText(name, { selector: 'input' });
      expect(input).toHaveAttribute('minLength', '6');
      expect(input).toBeRequired();
    }
  });
});

describe('sign in', () => {
  async function fillSignIn(email = 'customer@example.com', password = 'password123') {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
    return user;
  }

  it('signs in and goes home', async () => {
    renderAuth();
    const user = await fillSignIn();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(fake.client.auth.signInWithPassword).toHaveBeenCalledWith({
      email: 'customer@example.com',
      password: 'password123',
    });
  });

  it('returns to the same-site page that sent the visitor, never to another site', async () => {
    renderAuth('/auth?redirectTo=%2Faccount');
    const user = await fillSignIn();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location()).toBe('/account'));
  });

  it('ignores a redirect to another site', async () => {
    renderAuth('/auth?redirectTo=https%3A%2F%2Fevil.example%2F');
    const user = await fillSignIn();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('shows the provider message in a destructive alert, spinner and disabled button while loading', async () => {
    let answer: (value: {
      data: { user: null; session: null };
      error: { message: string };
    }) => void = () => {};
    fake.client.auth.signInWithPassword.mockImplementationOnce(
      () => new Promise((resolve) => (answer = resolve)) as never,
    );
    renderAuth();
    const user = await fillSignIn('customer@example.com', 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const button = screen.getByRole('button', { name: 'Sign In' });
    expect(button).toBeDisabled();
    expect(within(button).getByTestId('spinner')).toBeInTheDocument();
    await act(async () =>
      answer({ data: { user: null, session: null }, error: { message: 'Invalid login credentials' } }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid login credentials');
    expect(button).toBeEnabled();
    expect(location()).toBe('/auth');
  });

  it('clears the message on the next submit and falls back when a throw has no message', async () => {
    fake.client.auth.signInWithPassword
      .mockResolvedValueOnce({
        data: { user: null, session: null },
        error: { message: 'Email not confirmed' },
      } as never)
      .mockRejectedValueOnce({} as never);
    renderAuth();
    const user = await fillSignIn();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email not confirmed');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('An error occurred during login'),
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('sends a visitor who is already signed in home', async () => {
    fake.storedEmail = 'customer@example.com';
    fake.client.session = sessionFor('customer@example.com');
    renderAuth();
    await waitFor(() => expect(location()).toBe('/'));
  });
});

describe('sign up', () => {
  it('checks the passwords before any call', async () => {
    const user = userEvent.setup();
    renderAuth('/auth?tab=signup');
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    const password = screen.getByLabelText('Password', { selector: 'input' });
    const confirm = screen.getByLabelText('Confirm Password', { selector: 'input' });
    await user.type(password, 'secret1');
    await user.type(confirm, 'secret2');
    fireEvent.submit(password.closest('form')!);
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm.getAttribute('aria-describedby')).toContain(screen.getByText('Passwords do not match').id);

    await user.clear(password);
    await user.clear(confirm);
    await user.type(password, 'abc');
    await user.type(confirm, 'abc');
    fireEvent.submit(password.closest('form')!);
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    expect(fake.client.auth.signUp).not.toHaveBeenCalled();
  });

  it('signs up with the site root as the confirmation target and does not sign in', async () => {
    const user = userEvent.setup();
    renderAuth('/auth?tab=signup');
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret123');
    await user.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your email for a confirmation link!');
    expect(fake.client.auth.signUp).toHaveBeenCalledWith({
      email: 'new@example.com',
      password: 'Secret123',
      // The sign-up proof's sha-256 (signup-proof.ts; docs/security.md "Pre-registered accounts").
      options: { emailRedirectTo: `${window.location.origin}/`, data: { signup_proof: expect.stringMatching(/^[0-9a-f]{64}$/) } },
    });
    expect(location()).toBe('/auth?tab=signup');
  });

  it('from /auth?redirectTo=/checkout: the confirmation link returns to /checkout', async () => {
    const user = userEvent.setup();
    renderAuth('/auth?tab=signup&redirectTo=%2Fcheckout');
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret123');
    await user.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your email for a confirmation link!');
    expect(fake.client.auth.signUp).toHaveBeenCalledWith({
      email: 'new@example.com',
      password: 'Secret123',
      // The sign-up proof's sha-256 (signup-proof.ts; docs/security.md "Pre-registered accounts").
      options: { emailRedirectTo: `${window.location.origin}/checkout`, data: { signup_proof: expect.stringMatching(/^[0-9a-f]{64}$/) } },
    });
  });

  it('shows the provider error, or the signup fallback', async () => {
    fake.client.auth.signUp
      .mockResolvedValueOnce({
        data: { user: null, session: null },
        error: { message: 'Signup requires a valid password' },
      } as never)
      .mockRejectedValueOnce(new Error(''));
    const user = userEvent.setup();
    renderAuth('/auth?tab=signup');
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret123');
    await user.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Signup requires a valid password');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('An error occurred during signup'),
    );
  });
});

describe('reset tab', () => {
  it('sends the reset email with /update-password as the target', async () => {
    const user = userEvent.setup();
    renderAuth('/auth?tab=forgot');
    await user.type(screen.getByLabelText('Email'), 'customer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Password reset email sent! Check your inbox.',
    );
    expect(fake.client.auth.resetPasswordForEmail).toHaveBeenCalledWith('customer@example.com', {
      redirectTo: `${window.location.origin}/update-password`,
    });
  });

  it('from /auth?redirectTo=/checkout: the reset link finishes on /update-password, then /checkout', async () => {
    const user = userEvent.setup();
    renderAuth('/auth?tab=forgot&redirectTo=%2Fcheckout');
    await user.type(screen.getByLabelText('Email'), 'customer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Password reset email sent! Check your inbox.',
    );
    expect(fake.client.auth.resetPasswordForEmail).toHaveBeenCalledWith('customer@example.com', {
      redirectTo: `${window.location.origin}/update-password?next=%2Fcheckout`,
    });
  });

  it('shows the provider error, or the generic fallback', async () => {
    fake.client.auth.resetPasswordForEmail
      .mockResolvedValueOnce({
        data: {},
        error: { message: 'Unable to validate email address: invalid format' },
      } as never)
      .mockRejectedValueOnce({} as never);
    const user = userEvent.setup();
    renderAuth('/auth?tab=forgot');
    await user.type(screen.getByLabelText('Email'), 'customer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to validate email address: invalid format',
    );
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^An error occurred$/));
  });
});

describe('recovery link on /auth', () => {
  it("shows 'Reset Your Password' but never signs in with the link's tokens (issue 34: login CSRF)", async () => {
    const gotrue = stubGoTrue();
    fake.storedEmail = 'linked@example.com';
    renderAuth('/auth?access_token=abc&refresh_token=def&type=recovery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This link tries to sign you in directly, which this site never accepts.',
    );
    expect(screen.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute('href', '/reset-password');
    expect(screen.queryByLabelText('New Password', { selector: 'input' })).not.toBeInTheDocument();
    expect(gotrue.user).not.toHaveBeenCalled();
    expect(fake.client.auth.setSession).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
