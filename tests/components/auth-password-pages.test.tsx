import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as ResetPasswordPage } from '@/routes/auth/reset-password';
import { Component as UpdatePasswordPage } from '@/routes/auth/update-password';
import { fake, gotrueAnswer, sessionFor, stubGoTrue } from './auth-fake-supabase';
import { renderAt } from './auth-render';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => fake.reset());
let gotrue: ReturnType<typeof stubGoTrue>;
beforeEach(() => {
  gotrue = stubGoTrue();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('/reset-password', () => {
  const renderPage = () => renderAt('/reset-password', '/reset-password', <ResetPasswordPage />);

  it('shows the card, its field and links; the button needs an email', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email Address');
    expect(email).toHaveAttribute('placeholder', 'Enter your account email');
    expect(email).toHaveAttribute('type', 'email');
    const button = screen.getByRole('button', { name: 'Send Reset Link' });
    expect(button).toBeDisabled();
    await userEvent.type(email, '   ');
    expect(button).toBeDisabled();
    expect(screen.getByRole('link', { name: /Back to home/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Sign in here' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact');
  });

  it("sends the link to /update-password, then 'Check Your Email'; 'Try a different email' resets", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Email Address'), 'customer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check Your Email' })).toBeInTheDocument();
    expect(fake.client.auth.resetPasswordForEmail).toHaveBeenCalledWith('customer@example.com', {
      redirectTo: `${window.location.origin}/update-password`,
    });
    expect(screen.getByText('customer@example.com')).toBeInTheDocument();
    expect(screen.getByText(/expires in 24 hours/)).toBeInTheDocument();
    expect(screen.getByText(/spam/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/auth');
    await user.click(screen.getByRole('button', { name: 'Try a different email' }));
    expect(screen.getByLabelText('Email Address')).toHaveValue('');
  });

  it('shows the provider error, or its fallback, and stays on the form', async () => {
    fake.client.auth.resetPasswordForEmail
      .mockResolvedValueOnce({
        data: {},
        error: { message: 'For security purposes, you can only request this once every 60 seconds' },
      } as never)
      .mockRejectedValueOnce({} as never);
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Email Address'), 'customer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'you can only request this once every 60 seconds',
    );
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('An error occurred while sending reset email'),
    );
  });

  it('disables the button with a spinner while sending', async () => {
    let answer: (value: { data: object; error: null }) => void = () => {};
    fake.client.auth.resetPasswordForEmail.mockImplementationOnce(
      () => new Promise((resolve) => (answer = resolve)) as never,
    );
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Email Address'), 'customer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeDisabled();
    expect(screen.getByTestId('spinner')).toBeInTheDocument();
    await act(async () => answer({ data: {}, error: null }));
    expect(screen.getByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
  });
});

describe('/update-password', () => {
  function renderPage(url: string) {
    window.history.replaceState(null, '', url);
    return renderAt(url, '/update-password', <UpdatePasswordPage />);
  }

  async function expectInvalid(url: string, message: string) {
    renderPage(url);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/auth');
  }

  it("says 'Verifying reset token...' first", async () => {
    let answer: (value: Response) => void = () => {};
    gotrue.verify.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderPage('/update-password?token=abc&type=recovery');
    expect(screen.getByText('Verifying reset token...')).toBeInTheDocument();
    await act(async () =>
      answer(
        gotrueAnswer(200, {
          access_token: 'a',
          refresh_token: 'r',
          user: { id: 'u', email: 'u@example.com' },
        }),
      ),
    );
    expect(await screen.findByLabelText('New Password', { selector: 'input' })).toBeInTheDocument();
  });

  it('shows the expired message for a used or expired link', () =>
    expectInvalid(
      '/update-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      'The reset link has expired. Please request a new password reset.',
    ));

  it("shows other link errors with a fixed text chosen by their code, never the link's description", () =>
    expectInvalid(
      '/update-password#error=server_error&error_description=Your+account+is+locked.+Call+0800+000',
      'Reset link error: the link could not be used.',
    ));

  it('refuses a link of another type', () =>
    expectInvalid(
      '/update-password?token=abc&type=signup',
      'Invalid reset link type. Please request a new password reset.',
    ));

  it('refuses a link without a token', () =>
    expectInvalid(
      '/update-password?type=recovery',
      'Missing reset token. Please request a new password reset.',
    ));

  it('refuses a token the auth service rejects', async () => {
    gotrue.verify.mockResolvedValueOnce(
      gotrueAnswer(403, { code: 'otp_expired', message: 'Email link is invalid or has expired' }),
    );
    await expectInvalid(
      '/update-password?token=abc&type=recovery',
      'Invalid or expired reset token. Please request a new password reset.',
    );
  });

  it('says so when the token check throws', async () => {
    gotrue.verify.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expectInvalid(
      '/update-password?token=abc&type=recovery',
      'Error verifying reset token. Please try again.',
    );
  });

  it('verifies a lone token once, as token_hash of type recovery, and takes it out of the address bar', async () => {
    renderPage('/update-password?token=abc&type=recovery');
    expect(await screen.findByLabelText('New Password', { selector: 'input' })).toBeInTheDocument();
    expect(gotrue.verify).toHaveBeenCalledTimes(1);
    expect(gotrue.verify).toHaveBeenCalledWith({ token_hash: 'abc', type: 'recovery' });
    expect(fake.client.auth.setSession).toHaveBeenCalledWith({
      access_token: 'link-access',
      refresh_token: 'link-refresh',
    });
    await waitFor(() => expect(location()).toBe('/update-password'));
  });

  it('refuses a link with access and refresh tokens: never a session from a URL (issue 34: login CSRF)', async () => {
    fake.client.session = sessionFor('me@example.com');
    renderPage(
      '/update-password#access_token=a&refresh_token=r&expires_in=3600&token_type=bearer&type=recovery',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This link tries to sign you in directly');
    expect(gotrue.user).not.toHaveBeenCalled();
    expect(fake.client.auth.setSession).not.toHaveBeenCalled();
    expect(fake.client.session?.user.email).toBe('me@example.com');
  });

  it('switches accounts only when the visitor says so', async () => {
    fake.client.session = sessionFor('me@example.com');
    renderPage('/update-password?token=abc&type=recovery');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue as recovering@example.com' }));
    expect(await screen.findByLabelText('New Password', { selector: 'input' })).toBeInTheDocument();
    expect(fake.client.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(fake.client.auth.setSession).toHaveBeenCalledWith({
      access_token: 'link-access',
      refresh_token: 'link-refresh',
    });
  });

  describe('the form', () => {
    async function openForm() {
      renderPage('/update-password?token=abc&type=recovery');
      // The heading is there while verifying too: wait for the form itself.
      await screen.findByLabelText('New Password', { selector: 'input' });
      return {
        user: userEvent.setup(),
        password: screen.getByLabelText('New Password', { selector: 'input' }),
        confirm: screen.getByLabelText('Confirm New Password', { selector: 'input' }),
        button: screen.getByRole('button', { name: 'Update Password' }),
      };
    }

    it('disables Update Password until both fields are filled', async () => {
      const { user, password, confirm, button } = await openForm();
      expect(button).toBeDisabled();
      await user.type(password, 'Secret123');
      expect(button).toBeDisabled();
      await user.type(confirm, 'S');
      expect(button).toBeEnabled();
    });

    it('shows and hides each password with a pressed toggle', async () => {
      const { user, password, confirm } = await openForm();
      const toggle = screen.getByRole('button', { name: 'Show new password' });
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await user.click(toggle);
      expect(password).toHaveAttribute('type', 'text');
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
      expect(confirm).toHaveAttribute('type', 'password');
      await user.click(screen.getByRole('button', { name: 'Show confirm new password' }));
      expect(confirm).toHaveAttribute('type', 'text');
      await user.click(toggle);
      expect(password).toHaveAttribute('type', 'password');
    });

    it('meters the strength as the password grows', async () => {
      const { user, password } = await openForm();
      expect(screen.queryByTestId('password-strength')).not.toBeInTheDocument();
      await user.type(password, 'abc');
      expect(screen.getByTestId('password-strength')).toHaveAttribute('data-score', '0');
      expect(screen.getByText('At least 6 characters needed')).toBeInTheDocument();
      await user.type(password, 'def');
      expect(screen.getByText('Good - consider making it longer')).toBeInTheDocument();
      await user.type(password, 'G1');
      expect(screen.getByTestId('password-strength')).toHaveAttribute('data-score', '3');
      expect(screen.getByText('Strong password')).toBeInTheDocument();
      expect(password.getAttribute('aria-describedby')).toContain(screen.getByTestId('password-strength').id);
    });

    it('checks the rules before calling the server', async () => {
      const { user, password, confirm, button } = await openForm();
      await user.type(password, 'Secret123');
      await user.type(confirm, 'Secret124');
      await user.click(button);
      expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
      expect(confirm).toHaveAttribute('aria-invalid', 'true');
      expect(confirm).toHaveFocus();
      expect(fake.client.auth.updateUser).not.toHaveBeenCalled();
    });

    it('shows the server error, or the update fallback', async () => {
      fake.client.auth.updateUser
        .mockResolvedValueOnce({
          data: { user: null },
          error: { message: 'New password should be different from the old password.' },
        } as never)
        .mockRejectedValueOnce({} as never);
      const { user, password, confirm, button } = await openForm();
      await user.type(password, 'Secret123');
      await user.type(confirm, 'Secret123');
      await user.click(button);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'New password should be different from the old password.',
      );
      await user.click(button);
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent('An error occurred while updating password'),
      );
    });

    it("updates, signs out, shows 'Password Updated!' and goes to /auth after 3 seconds", async () => {
      const { user, password, confirm, button } = await openForm();
      await user.type(password, 'Secret123');
      await user.type(confirm, 'Secret123');
      vi.useFakeTimers({ shouldAdvanceTime: true });
      await user.click(button);
      expect(await screen.findByRole('heading', { level: 1, name: 'Password Updated!' })).toBeInTheDocument();
      expect(fake.client.auth.updateUser).toHaveBeenCalledWith({ password: 'Secret123' });
      expect(fake.client.auth.signOut).toHaveBeenCalled();
      expect(screen.getByRole('link', { name: 'Sign In Now' })).toHaveAttribute('href', '/auth');
      await act(async () => vi.advanceTimersByTime(2900));
      expect(location()).toBe('/update-password');
      await act(async () => vi.advanceTimersByTime(200));
      expect(location()).toBe('/auth');
    });
  });
});
