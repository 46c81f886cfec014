import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newSignupProof, sha256Hex } from '@/features/auth/signup-proof';
import { toast } from '@/lib/toast';
import { Component as AuthPage } from '@/routes/auth/auth';
import { Component as ConfirmPage } from '@/routes/auth/confirm';
import { fake, gotrueAnswer, stubGoTrue } from './auth-fake-supabase';
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

describe('/auth/confirm: the confirmation link', () => {
  let gotrue: ReturnType<typeof stubGoTrue>;
  beforeEach(() => {
    gotrue = stubGoTrue();
    gotrue.verify.mockResolvedValue(
      gotrueAnswer(200, {
        access_token: 'a',
        refresh_token: 'r',
        user: { id: 'id-new@example.com', email: 'new@example.com' },
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const openLink = (url: string) => {
    window.history.replaceState(null, '', url);
    renderAt(url, '/auth/confirm', <ConfirmPage />);
  };

  it('opened in the browser that signed up: the account is theirs at once, signed in with no password step', async () => {
    const success = vi.spyOn(toast, 'success');
    const proofHash = await newSignupProof('New@example.com');
    const kept = JSON.parse(localStorage.getItem('signup-proofs') ?? '{}') as Record<string, string>;
    expect(await sha256Hex(kept['new@example.com']!)).toBe(proofHash);
    openLink('/auth/confirm?token_hash=abc123&type=email');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(gotrue.verify).toHaveBeenCalledWith({ token_hash: 'abc123', type: 'email' });
    expect(gotrue.claim).toHaveBeenCalledWith('a', { p_signup_proof: kept['new@example.com'] });
    expect(fake.client.auth.setSession).toHaveBeenCalledWith({ access_token: 'a', refresh_token: 'r' });
    expect(gotrue.setPassword).not.toHaveBeenCalled();
    expect(success.mock.calls[0]?.[0]).toBe('Email confirmed: you are signed in');
    // The proof has done its job.
    expect(localStorage.getItem('signup-proofs') ?? '').not.toContain('new@example.com');
  });

  it('opened elsewhere: names the account and signs in only once its password is chosen (issue 34)', async () => {
    gotrue.claim.mockResolvedValueOnce(gotrueAnswer(200, 'password_needed'));
    openLink('/auth/confirm?token_hash=abc123&type=email');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your password' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/new@example\.com is confirmed/)).toBeInTheDocument();
    expect(gotrue.claim).toHaveBeenCalledWith('a', { p_signup_proof: null });
    // Nothing is signed in on this browser while the visitor decides.
    expect(fake.client.auth.setSession).not.toHaveBeenCalled();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New Password', { selector: 'input' }), 'Owner-Pass-52');
    await user.type(screen.getByLabelText('Confirm New Password', { selector: 'input' }), 'Owner-Pass-52');
    await user.click(screen.getByRole('button', { name: 'Save Password and Continue' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(gotrue.setPassword).toHaveBeenCalledWith('a', { password: 'Owner-Pass-52' });
    expect(gotrue.claim).toHaveBeenLastCalledWith('a', { p_signup_proof: null });
    expect(fake.client.auth.setSession).toHaveBeenCalledWith({ access_token: 'a', refresh_token: 'r' });
  });

  it('opened elsewhere: the visitor can leave, signed in to nothing, and the link’s session is ended', async () => {
    gotrue.claim.mockResolvedValueOnce(gotrueAnswer(200, 'password_needed'));
    openLink('/auth/confirm?token_hash=abc123&type=email');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Leave without signing in' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(gotrue.logout).toHaveBeenCalledWith('a');
    expect(fake.client.auth.setSession).not.toHaveBeenCalled();
  });

  it('an unchanged password does not make the account theirs: the auth service’s refusal is shown', async () => {
    gotrue.claim.mockResolvedValueOnce(gotrueAnswer(200, 'password_needed'));
    gotrue.setPassword.mockResolvedValueOnce(
      gotrueAnswer(422, {
        code: 422,
        error_code: 'same_password',
        msg: 'New password should be different from the old password.',
      }),
    );
    openLink('/auth/confirm?token_hash=abc123&type=email');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New Password', { selector: 'input' }), 'Owner-Pass-52');
    await user.type(screen.getByLabelText('Confirm New Password', { selector: 'input' }), 'Owner-Pass-52');
    await user.click(screen.getByRole('button', { name: 'Save Password and Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'New password should be different from the old password.',
    );
    expect(fake.client.auth.setSession).not.toHaveBeenCalled();
  });

  it('a used link gets a fixed text and changes nobody’s session', async () => {
    gotrue.verify.mockResolvedValueOnce(gotrueAnswer(403, { code: 'otp_expired', message: 'anything' }));
    openLink('/auth/confirm?token_hash=abc123&type=email');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid, has expired or has already been used. Please ask for a new one.',
    );
    expect(fake.client.auth.setSession).not.toHaveBeenCalled();
  });
});
