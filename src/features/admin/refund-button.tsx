import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ordersText as text } from '@/content/admin';
import { refundOrder } from './admin-api';
import { messageOf } from './admin-ui';

/** Refund with a confirmation step: the refund-order edge function refunds through Stripe and revokes. */
export function RefundButton({
  orderId,
  total,
  onDone,
}: {
  orderId: string;
  total: string;
  onDone: (result: { variant: 'error' | 'success'; text: string }) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function refund() {
    setBusy(true);
    try {
      await refundOrder(orderId);
      onDone({ variant: 'success', text: text.refunded });
      setConfirming(false);
    } catch (error) {
      onDone({ variant: 'error', text: messageOf(error, text.refundFailed) });
    } finally {
      setBusy(false);
    }
  }

  if (!confirming) {
    return (
      <Button variant="destructive" size="sm" onClick={() => setConfirming(true)}>
        {text.refund}
      </Button>
    );
  }
  return (
    <div role="group" aria-label={text.refund} className="space-y-3 rounded-lg border border-destructive p-3">
      <p className="font-medium text-foreground">{text.refundConfirm(total)}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="destructive" size="sm" disabled={busy} onClick={() => void refund()}>
          {busy ? text.refunding : text.refundYes}
        </Button>
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => setConfirming(false)}>
          {text.cancelRefund}
        </Button>
      </div>
    </div>
  );
}
