import { ordersText as text } from '@/content/admin';
import { useRefundOrder } from './api/orders';
import { messageOf } from '@/components/ui/notice';
import { ConfirmAction } from '@/components/ui/confirm-action';

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
  const refundOrder = useRefundOrder();

  async function refund(): Promise<boolean> {
    try {
      await refundOrder.mutateAsync(orderId);
      onDone({ variant: 'success', text: text.refunded });
      return true;
    } catch (error) {
      onDone({ variant: 'error', text: messageOf(error, text.refundFailed) });
      return false;
    }
  }

  return (
    <ConfirmAction
      label={text.refund}
      question={text.refundConfirm(total)}
      confirmLabel={text.refundYes}
      busyLabel={text.refunding}
      cancelLabel={text.cancelRefund}
      framed
      onConfirm={refund}
      pending={refundOrder.isPending}
    />
  );
}
