import { CheckCircle2, Clock, Play, XCircle } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import {
  paymentMessages as spec,
  paymentRefundMessages as refundText,
  paymentResultText as text,
} from '@/content/orders';
import { discountAmount, discountLabel } from '@/content/account';
import { formatPence } from '@/lib/format';
import type { PaidOrder } from './checkout-types';
import type { PaymentResult } from './use-payment-result';

interface PaymentResultViewProps {
  result: PaymentResult;
  /** Plays what was bought; absent while none of it is in the account yet. */
  onListen?: () => void;
  onCheckAgain: () => void;
}

/** The outcome of a payment as a page: what happened, what was bought, and where to go next. */
export function PaymentResultView({ result, onListen, onCheckAgain }: PaymentResultViewProps) {
  // The outcome's heading takes focus when it is known, so a screen reader hears it and Tab starts below it.
  // Quietly: the keyboard-navigation setting (on by default) would draw its heavy ring round a heading nobody
  // tabbed to. Whatever is reached with the keyboard next has its ring as usual (index.css, data-quiet-focus).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (result.kind !== 'checking') focusQuietly(heading.current);
  }, [result.kind]);

  if (result.kind === 'checking') {
    return (
      <p role="status" className="rounded-lg bg-primary-soft p-4 text-center font-semibold">
        {text.checking}
      </p>
    );
  }

  const accountLink = (
    <Button asChild variant={result.kind === 'success' ? 'secondary' : 'primary'}>
      <AppLink to={paths.account}>{text.myAccount}</AppLink>
    </Button>
  );

  if (result.kind === 'success') {
    const title = result.refunded ? refundText.title : spec.successTitle;
    const message = result.refunded
      ? refundText.description(
          result.refunded.titles,
          formatPence(result.refunded.pence),
          result.refunded.done,
        )
      : result.title
        ? spec.successWithTitle(result.title)
        : spec.successWithoutSession;
    return (
      <Outcome icon={<CheckCircle2 className="text-success" />} title={title} headingRef={heading}>
        <p>{message}</p>
        {result.order ? <OrderFigures order={result.order} /> : null}
        <Lines title={text.boughtTitle} lines={result.lines} />
        {result.discount ? (
          <p>
            {discountLabel(result.discount.code)} {discountAmount(formatPence(result.discount.pence))}
          </p>
        ) : null}
        {result.lines.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            {result.order?.receiptEmail ? text.receiptSentTo(result.order.receiptEmail) : text.receiptNote}
          </p>
        ) : null}
        <Actions>
          {onListen ? (
            <Button onClick={onListen}>
              <Play aria-hidden="true" />
              {text.listenNow}
            </Button>
          ) : null}
          {accountLink}
        </Actions>
      </Outcome>
    );
  }

  if (result.kind === 'processing') {
    return (
      <Outcome icon={<Clock className="text-primary" />} title={text.processingTitle} headingRef={heading}>
        <p role="status">{text.processing}</p>
        <Actions>
          <Button onClick={onCheckAgain}>{text.tryAgain}</Button>
          {accountLink}
        </Actions>
      </Outcome>
    );
  }

  if (result.kind === 'cancelled') {
    return (
      <Outcome
        icon={<XCircle className="text-muted-foreground" />}
        title={spec.cancelledTitle}
        headingRef={heading}
      >
        <p>{spec.cancelled}</p>
        <Lines title={text.notBoughtTitle} lines={result.lines} />
        <Actions>
          <Button asChild>
            <AppLink to={paths.cart}>{text.backToCart}</AppLink>
          </Button>
          {accountLink}
        </Actions>
      </Outcome>
    );
  }

  const failedTitle = result.reason === 'error' ? spec.verificationErrorTitle : spec.verificationFailedTitle;
  const failed = result.reason === 'error' ? spec.verificationError : spec.verificationFailed;
  return (
    <Outcome icon={<XCircle className="text-destructive" />} title={failedTitle} headingRef={heading}>
      <p role="alert">{failed}</p>
      <Actions>
        {accountLink}
        <Button asChild variant="secondary">
          <AppLink to={paths.cart}>{text.backToCart}</AppLink>
        </Button>
      </Actions>
    </Outcome>
  );
}

function focusQuietly(element: HTMLElement | null): void {
  if (!element) return;
  element.dataset.quietFocus = '';
  element.addEventListener('blur', () => delete element.dataset.quietFocus, { once: true });
  element.focus();
}

function OrderFigures({ order }: { order: PaidOrder }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      <dt className="font-semibold">{text.orderNumber}</dt>
      <dd className="font-mono">{order.number}</dd>
      <dt className="font-semibold">{text.amountPaid}</dt>
      <dd>{formatPence(order.paidPence)}</dd>
    </dl>
  );
}

function Outcome({
  icon,
  title,
  headingRef,
  children,
}: {
  icon: ReactNode;
  title: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="payment-result-heading"
      className="space-y-4 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
      data-testid="payment-result"
    >
      <div className="flex items-center gap-3 [&_svg]:size-8 [&_svg]:shrink-0" aria-hidden="true">
        {icon}
      </div>
      <h2
        id="payment-result-heading"
        ref={headingRef}
        tabIndex={-1}
        className="font-serif text-2xl font-bold"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

function Lines({ title, lines }: { title: string; lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {lines.map((line, index) => (
          <li key={`${index}:${line}`}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-3 pt-2 sm:flex-row">{children}</div>;
}
