import type { PayInfo } from "@shop/contract";
import { asc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { payments } from "../../db/schema/index.js";
import { instalmentChoices } from "./pay-methods.js";
import { changePaymentMethod, type PayAgainMethod, payOptions } from "./payment-change.js";
import { giveBackPayments, type PaymentRow, type PaymentsContext, type PaymentsDeps } from "./payment-refunds.js";
import {
  collectOnDelivery,
  confirmOffline,
  nextFor,
  openPayment,
  reportTransfer,
  settleCard,
  tapPayNotify,
} from "./payment-settlement.js";
import type { Buyer, Commit, GivenBack, Order } from "./types.js";

// Checkout and card-charge name the payment row from here, the payments' service.
export type { PaymentRow } from "./payment-refunds.js";

/**
 * Payments of orders (decision 16, 30): card charges and their 3-D Secure notify, offline
 * confirmation (transfer, cash on delivery), and money going back. Every change of a payment
 * happens under its order's row lock; card refunds are queued jobs (outbox) tried once right after
 * the commit, so a crash never loses one. The steps are payment-settlement.ts (money in) and
 * payment-refunds.ts (money back).
 */
export function createPayments(deps: PaymentsDeps) {
  const { db, card } = deps;
  const d: PaymentsContext = { ...deps, now: deps.now ?? (() => new Date()) };

  return {
    nextFor: (order: Order, lastPayment?: PaymentRow) => nextFor(d, order, lastPayment),
    settleCard: (paymentId: number, recTradeId: string, last4: string, reason: string, orderId?: number) =>
      settleCard(d, paymentId, recTradeId, last4, reason, orderId),
    paymentsOf: (orderId: number) => db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),
    transferAccount: async (shopId: number) => (await deps.transferAccount(shopId)).bank,
    /** Whether card payments are offered at all (not switched off for the shop, decision 74). */
    cardOffered: () => deps.cardPublic.offered,
    cardConfig: (): PayInfo["card"] => ({
      simulated: card.simulated,
      app_id: deps.cardPublic.appId,
      app_key: deps.cardPublic.appKey,
      server_type: deps.cardPublic.serverType,
    }),
    /** The order's first payment, in the transaction that creates the order. */
    open: (tx: Tx, order: Order, payee: "company" | "shop", charging = false, instalment = 0) =>
      openPayment(d, tx, order, payee, charging, instalment),
    /** Effect of every cancellation and refund: its money share goes back, payment by payment. */
    giveBack: (tx: Tx, order: Order, back: GivenBack, commit: Commit) => giveBackPayments(d, tx, order, back, commit),
    /** Effect of delivery: the carrier (or the seller delivering) collected cash on delivery. */
    collectOnDelivery: (tx: Tx, o: Order, actor: string) => collectOnDelivery(d, tx, o, actor),
    /** TapPay's notify (or the buyer's return, or reconciliation): trusted only after the Record API confirms it. Idempotent. */
    tapPayNotify: (recTradeId: string, pushedAmount?: number) => tapPayNotify(d, recTradeId, pushedAmount),
    /** Staff or the shop's seller confirm a transfer or cash on delivery. */
    confirmOffline: (orderNo: string, actor: string, as: "staff" | "seller") => confirmOffline(d, orderNo, actor, as),
    /** The card instalments a 待付款 order's amount reaches in its shop (decision 88). */
    instalmentsFor: async (order: Order) => instalmentChoices((await deps.paySetup(order.shopId)).instalments, order.payable),
    /** The ways a 待付款 order may still be paid (decision 82). */
    payOptions: (order: Order) => payOptions(d, order),
    /** Its owner pays a 待付款 order another way (decision 82); a card is charged afterwards by the caller. */
    changeMethod: (order: Order, method: PayAgainMethod, actor: string) => changePaymentMethod(d, order, method, actor),
    /** The buyer reports a transfer (last five digits, amount, time) for staff or the seller to check. */
    reportTransfer: (buyer: Buyer, orderNo: string, input: { last5: string; amount: number; paid_at: string }) =>
      reportTransfer(d, buyer, orderNo, input),
  };
}

export type Payments = ReturnType<typeof createPayments>;
