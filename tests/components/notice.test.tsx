// One message component for the whole site (src/components/ui/notice.tsx): the dashboard's plain notices and
// the auth screens' banners (an icon on a tinted ground) share its roles and its focus.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Notice } from '@/components/ui/notice';

describe('Notice', () => {
  it('an error is an alert, a success a status, in either look', () => {
    render(
      <>
        <Notice variant="error">Plain failure</Notice>
        <Notice variant="success" look="banner">
          Banner success
        </Notice>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Plain failure');
    expect(screen.getByRole('status')).toHaveTextContent('Banner success');
  });

  it('the banner shows its icon to the eye only', () => {
    render(
      <Notice variant="error" look="banner">
        Wrong password
      </Notice>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(alert).toHaveTextContent(/^Wrong password$/);
  });

  it('with focus, it takes the keyboard focus when it appears', () => {
    render(
      <Notice variant="success" look="banner" focus>
        Saved
      </Notice>,
    );
    expect(screen.getByRole('status')).toHaveFocus();
  });
});
