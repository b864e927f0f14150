/**
 * Products other than flights and hotels (insurance policies, visa applications, package bookings) are paid by
 * card through the same trackers. Each product registers its hooks here at import, under a kind of its own, so
 * the payments area never imports the products and each product never edits the payments area.
 */
import type { AppContext } from '../context';

export type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

export interface PaymentSubject {
  /**
   * The verified payment, inside the callback's transaction: mark the item paid with a conditional update and
   * answer true, or false when it is no longer payable (the money is then refunded).
   */
  confirm(tx: Tx, ctx: AppContext, id: number, providerRef: string): Promise<boolean>;
  /** A declined or abandoned card, in the callback's transaction (the item stays payable). */
  unpaid?(tx: Tx, ctx: AppContext, id: number, outcome: 'failed' | 'canceled'): Promise<void>;
  /** After the paying transaction committed: work that must not hold it (documents, mails that read it back). */
  afterPaid?(ctx: AppContext, id: number): Promise<void>;
  /** The mail saying a payment that came too late was refunded, in the refund's transaction. */
  refundedMail?(tx: Tx, ctx: AppContext, id: number): Promise<void>;
  /** What the payment-result page shows and links to: the item's reference and the app path that shows it. */
  describe(ctx: AppContext, id: number): Promise<{ reference: string; href: string } | null>;
}

const subjects = new Map<string, PaymentSubject>();

export function registerPaymentSubject(kind: string, subject: PaymentSubject) {
  subjects.set(kind, subject);
}

export function paymentSubject(kind: string | null): PaymentSubject | null {
  return kind ? subjects.get(kind) ?? null : null;
}
