import { useState } from 'react';
import { authMessages } from '@/content/auth';
import { NewPasswordForm } from './auth-forms';
import { Notice } from '@/components/ui/notice';

/**
 * Change password while signed in (My Account): the /update-password form (same validation, strength meter
 * and messages, docs/product-rules.md §5 and §8). After a success the fields clear and the confirmation shows; the user stays
 * signed in.
 */
export function ChangePasswordForm({ submitLabel }: { submitLabel: string }) {
  const [updates, setUpdates] = useState(0);
  return (
    <div className="space-y-4">
      {updates > 0 ? (
        <Notice variant="success" look="banner">
          {authMessages.passwordUpdated}
        </Notice>
      ) : null}
      <NewPasswordForm
        // A fresh form after each success: empty fields, no spinner.
        key={updates}
        submitLabel={submitLabel}
        fallbackError={authMessages.updatePasswordFallback}
        onUpdated={() => setUpdates((count) => count + 1)}
      />
    </div>
  );
}
