import type { NextStep, PayInfo } from "@shop/contract";
import { formatMoney } from "@shop/contract/format";
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { payments } from "../../db/schema/index.js";
import type { CardGateway } from "../../integrations/tappay/client.js";
import { conflict, forbidden, notFound, unprocessable } from "../../lib/errors.js";
import { CARD_REFUND_JOB } from "./card-refund.js";
import type { Buyer, Commit, GivenBack, Order, OrderLifecycle } from "./service.js";
import { STATE_CHANGED } from "./state.js";

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Who received a payment's money (decision 30): a transfer into the account the buyer was shown;
 * cash on delivery collected by whoever delivered — the seller for their own delivery, the
 * company's carrier otherwise; cards and the rest, the company.
 */
export function payeeOf(order: Order, p: PaymentRow): "company" | "shop" {
  if (p.method === "cod") return order.carrier !== null || order.shipMethod === "self" ? "shop" : "company";
  return p.method === "transfer" ? p.payee : "company";
}

export interface PaymentsDeps {
  db: Db;
  lifecycle: OrderLifecycle;
  card: CardGateway;
  /** Runs a payment's outstanding card refunds with the provider (card-refund.ts). */
  runCardRefund: (paymentId: number) => Promise<void>;
  cardPublic: { offered: boolean; appId: string | null; appKey: string | null; serverType: "sandbox" | "production" };
  transferAccount: (
    shopId: number,
  ) => Promise<{ bank: Extract<NextStep, { type: "transfer" }>["bank"]; payee: "company" | "shop" }>;
  /** Money into a member's wallet ledger (refunds of transfer and cash-on-delivery payments). */
  creditWallet: (tx: Tx, memberId: number, amount: number, reason: string, ref: string) => Promise<void>;
  enqueue: (tx: Tx, kind: string, payload: Record<string, unknown>, dedupeKey: string) => Promise<unknown>;
  now?: () => Date;
}

/**
 * Payments of orders (decision 16, 30): card charges and their 3-D Secure notify, offline
 * confirmation (transfer, cash on delivery), and money going back. Every change of a payment
 * happens under its order's row lock; card refunds are queued jobs (outbox) tried once right after
 * the commit, so a crash never loses one.
 */
export function createPayments(deps: PaymentsDeps) {
  const { db, lifecycle, card } = deps;
  const now = deps.now ?? (() => new Date());

  async function nextFor(order: Order, lastPayment?: PaymentRow): Promise<NextStep> {
    if (order.status !== "pending_payment") return { type: "done" };
    if (order.paymentMethod === "transfer") {
      const { bank } = await deps.transferAccount(order.shopId);
      return { type: "transfer", bank, amount: order.payable, deadline: (order.payBy ?? now()).toISOString() };
    }
    if (order.paymentMethod === "card") {
      if (lastPayment?.status === "awaiting_3ds") return { type: "card_failed", message: "尚未完成 3D 驗證，請重新付款" };
      return { type: "card_failed", message: lastPayment?.message || "信用卡尚未付款成功，請重新付款" };
    }
    return { type: "done" };
  }

  /** Cash on delivery collected: its payment is paid and the order records when and who said so. */
  async function collect(tx: Tx, o: Order, p: PaymentRow, actor: string, reason: string) {
    await tx
      .update(payments)
      .set({ status: "paid", message: "", updatedAt: now() })
      .where(and(eq(payments.id, p.id), eq(payments.status, "pending")));
    await lifecycle.markCollected(tx, o, actor, reason);
  }

  /**
   * A captured payment the order no longer wants (cancelled, or paid twice): all of it goes back
   * at once, and the order's history says so.
   */
  async function returnWhole(tx: Tx, order: Order, p: PaymentRow, commit: Commit, why: string) {
    await refundFrom(tx, order, p, p.amount - p.refunded, commit, `payment:${p.id}:returned`);
    await lifecycle.event(tx, order.id, order.status, order.status, "system", why);
  }

  /** Decides `amount` of payment `p` goes back: to its card (a queued refund), or to the member's wallet. */
  async function refundFrom(tx: Tx, order: Order, p: PaymentRow, amount: number, commit: Commit, ref: string) {
    if (amount <= 0) return;
    const whole = p.refunded + amount === p.amount;
    if (p.method === "card") {
      await tx
        .update(payments)
        .set({ refunded: sql`${payments.refunded} + ${amount}`, updatedAt: now() })
        .where(eq(payments.id, p.id));
      await deps.enqueue(tx, CARD_REFUND_JOB, { payment_id: p.id }, `card-refund:${p.id}:${ref}`);
      // Tried at once; if the provider does not answer, the queued job tries again.
      commit.after(() => deps.runCardRefund(p.id).catch(() => undefined));
      return;
    }
    // Transfer and cash on delivery: a member's money goes to the wallet at once (decision 17);
    // a guest's is returned by customer service; money the seller received, the seller returns.
    const bySeller = payeeOf(order, p) === "shop";
    if (order.memberId !== null && !bySeller) {
      await deps.creditWallet(
        tx,
        order.memberId,
        amount,
        `訂單 ${order.orderNo} 退款（${formatMoney(amount)}）`,
        `order:${order.orderNo}:${ref}`,
      );
    }
    await tx
      .update(payments)
      .set({
        refunded: sql`${payments.refunded} + ${amount}`,
        refundSettled: sql`${payments.refundSettled} + ${amount}`,
        ...(whole ? { status: "refunded" as const } : {}),
        message: bySeller ? "由賣家退還款項" : order.memberId !== null ? "已退款至錢包" : "已由客服另行退款",
        updatedAt: now(),
      })
      .where(eq(payments.id, p.id));
  }

  /**
   * A card the provider says was charged. Marks the order paid once; if the order was cancelled or
   * paid by another attempt meanwhile, the money goes straight back. `orderId`: the attempt's
   * order when the caller knows it (saves a read).
   */
  async function settleCard(paymentId: number, recTradeId: string, last4: string, reason: string, orderId?: number) {
    const [first] = orderId
      ? [{ orderId }]
      : await db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId));
    if (!first) return;
    await lifecycle.withOrder({ id: first.orderId }, async (tx, o, commit) => {
      // One conditional update under the order's lock: an attempt counted already (a repeated
      // notify) or refunded is left as it is.
      const [paid] = await tx
        .update(payments)
        .set({
          status: "paid",
          providerRef: recTradeId,
          message: last4 ? last4 : sql`${payments.message}`,
          updatedAt: now(),
        })
        .where(and(eq(payments.id, paymentId), eq(payments.orderId, o.id), notInArray(payments.status, ["paid", "refunded"])))
        .returning();
      if (!paid) return;
      if (o.status === "pending_payment") {
        await lifecycle.pay(tx, o, `provider:${paid.provider}`, reason);
        return;
      }
      const why = o.status === "cancelled" ? "訂單取消後收到信用卡付款，已自動退刷" : "重複付款，已自動退刷";
      await returnWhole(tx, o, paid, commit, why);
    });
  }

  return {
    nextFor,
    settleCard,
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

    /**
     * The order's first payment, in the transaction that creates the order. `charging`: a card
     * attempt claimed at once, as the order is charged right after it commits.
     */
    async open(tx: Tx, order: Order, payee: "company" | "shop", charging = false) {
      const [row] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          method: order.paymentMethod,
          provider: order.paymentMethod === "card" ? (card.simulated ? "tappay-simulator" : "tappay") : order.paymentMethod,
          amount: order.payable,
          status: order.payable === 0 ? "paid" : charging ? "charging" : "pending",
          payee,
          createdAt: order.createdAt,
          updatedAt: order.createdAt,
        })
        .returning();
      return row;
    },

    /** Effect of every cancellation and refund: its money share goes back, payment by payment. */
    async giveBack(tx: Tx, order: Order, back: GivenBack, commit: Commit) {
      let money = back.money;
      const paid = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, "paid")))
        .orderBy(asc(payments.id));
      // Before shipping, confirmed cash on delivery was never collected: it is voided, not refunded.
      const uncollected = back.kind === "cancel" ? paid.filter((p) => p.method === "cod") : [];
      for (const p of uncollected) {
        await tx
          .update(payments)
          .set({ status: "failed", message: "訂單已取消，貨到付款尚未收款", updatedAt: now() })
          .where(eq(payments.id, p.id));
      }
      for (const p of paid.filter((x) => !uncollected.includes(x))) {
        const take = Math.min(money, p.amount - p.refunded);
        await refundFrom(tx, order, p, take, commit, `refund:${back.seq}:payment:${p.id}`);
        money -= take;
      }
      if (money !== 0) throw new Error(`order ${order.orderNo}: ${money} of the refund has no payment`);
      if (back.kind === "cancel") {
        // Attempts still open will not be settled now; a late success is refunded by settleCard.
        // A charge in flight is left to finish (or to reconciliation): its outcome decides it.
        await tx
          .update(payments)
          .set({ status: "failed", message: "訂單已取消", updatedAt: now() })
          .where(and(eq(payments.orderId, order.id), inArray(payments.status, ["pending", "awaiting_3ds"])));
      }
    },

    /**
     * Effect of delivery: the carrier (or the seller delivering) collected cash on delivery, so its
     * payment is paid — the carrier's delivery report is its collection report. A payment staff
     * confirmed before is left as it is.
     */
    async collectOnDelivery(tx: Tx, o: Order, actor: string) {
      if (o.paymentMethod !== "cod") return;
      const [p] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, o.id), eq(payments.method, "cod"), eq(payments.status, "pending")));
      if (p) await collect(tx, o, p, actor, "貨到付款已由物流代收");
    },

    /** TapPay's 3-D Secure notify: trusted only after the Record API confirms it. Idempotent. */
    async tapPayNotify(recTradeId: string) {
      const [p] = await db.select().from(payments).where(eq(payments.providerRef, recTradeId));
      if (!p) throw notFound("PAYMENT_NOT_FOUND", "找不到此交易");
      const record = await card.record(recTradeId);
      if (!record) throw unprocessable("PAYMENT_NOT_CONFIRMED", "無法確認交易");
      if ((record.record_status === 0 || record.record_status === 1) && record.amount === p.amount) {
        await settleCard(p.id, recTradeId, p.message, "信用卡 3D 驗證付款成功");
      } else if (record.record_status === -1) {
        await lifecycle.withOrder({ id: p.orderId }, async (tx) => {
          await tx
            .update(payments)
            .set({ status: "failed", message: "3D 驗證未通過，請重新付款", updatedAt: now() })
            .where(and(eq(payments.id, p.id), eq(payments.status, "awaiting_3ds")));
        });
      }
    },

    /**
     * Staff or the shop's seller confirm a transfer or cash on delivery. A seller may confirm only
     * money paid to the seller (the shop's own account, or cash they collected delivering
     * themselves); money that reaches a cancelled order goes straight back.
     */
    confirmOffline(orderNo: string, actor: string, as: "staff" | "seller") {
      return lifecycle.withOrder({ no: orderNo }, async (tx, o, commit) => {
        if (o.paymentMethod !== "transfer" && o.paymentMethod !== "cod")
          throw conflict("NO_OFFLINE_PAYMENT", "此訂單的付款不需人工確認");
        const [p] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.orderId, o.id), eq(payments.method, o.paymentMethod)))
          .orderBy(asc(payments.id));
        if (!p) throw conflict("NO_OFFLINE_PAYMENT", "此訂單的付款不需人工確認");
        if (as === "seller" && payeeOf(o, p) !== "shop") {
          throw forbidden(
            "PAYMENT_NOT_TO_SELLER",
            o.paymentMethod === "cod" ? "貨到付款由物流代收，需由總公司確認收款" : "此筆款項匯入總公司帳戶，需由總公司確認收款",
          );
        }
        // A transfer arriving for a cancelled order is staff's to confirm (and to give back).
        const cancelledLate =
          as === "staff" && o.paymentMethod === "transfer" && o.status === "cancelled" && p.status === "failed";
        // Cash on delivery already on its way: the collection is recorded, the order stays where it is.
        if (o.paymentMethod === "cod" && (o.status === "processing" || o.status === "shipped")) {
          if (p.status !== "pending") throw conflict("ALREADY_COLLECTED", "此訂單已確認收款");
          await collect(tx, o, p, actor, "確認貨到付款已收款");
          return o;
        }
        if (o.status !== "pending_payment" && !cancelledLate) throw conflict("ORDER_STATE_CHANGED", STATE_CHANGED);
        const [paid] = await tx
          .update(payments)
          .set({ status: "paid", message: "", updatedAt: now() })
          .where(eq(payments.id, p.id))
          .returning();
        if (!paid) throw conflict("ORDER_STATE_CHANGED", STATE_CHANGED);
        if (!cancelledLate) return lifecycle.pay(tx, o, actor, o.paymentMethod === "transfer" ? "確認收到匯款" : "確認貨到付款");
        await returnWhole(
          tx,
          o,
          paid,
          commit,
          o.memberId !== null ? "訂單取消後確認收款，款項已退回錢包" : "訂單取消後確認收款，款項由客服退還",
        );
        return o;
      });
    },

    /** The buyer reports a transfer (last five digits, amount, time) for staff or the seller to check. */
    reportTransfer(buyer: Buyer, orderNo: string, input: { last5: string; amount: number; paid_at: string }) {
      return lifecycle.withOrder({ no: orderNo }, async (tx, o) => {
        const mine =
          buyer.memberId !== undefined ? o.memberId === buyer.memberId : o.memberId === null && o.receiverPhone === buyer.phone;
        if (!mine) throw notFound("ORDER_NOT_FOUND", "查無此訂單，請確認訂單編號與手機號碼");
        if (o.paymentMethod !== "transfer" || o.status !== "pending_payment")
          throw conflict("TRANSFER_REPORT_NOT_EXPECTED", "此訂單不需回報匯款");
        if (input.amount !== o.payable)
          throw unprocessable("TRANSFER_AMOUNT_MISMATCH", `匯款金額與應付金額 ${formatMoney(o.payable)} 不符`);
        await tx
          .update(payments)
          .set({ report: input, updatedAt: now() })
          .where(and(eq(payments.orderId, o.id), eq(payments.method, "transfer")));
      });
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;
