import type { NextStep } from "@shop/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { payments } from "../../db/schema/index.js";
import type { CardGateway, PayByPrimeResult } from "../../integrations/tappay/client.js";
import { conflict } from "../../lib/errors.js";
import type { Payments } from "./payments.js";
import type { Order, OrderLifecycle } from "./service.js";

const CHARGING_FRESH_MS = 60_000;

/**
 * Charging a card for an order (TapPay Pay by Prime). The attempt is claimed under the order's row
 * lock, so twin requests and repays never charge twice at once; the provider call runs outside
 * any transaction. Every later write to the attempt is conditional on it still being the
 * attempt's state, and the provider's trade id is always kept, so a 3-D Secure success that
 * arrives after a cancellation can still be found and refunded.
 */
export function createCardCharge(deps: {
  db: Db;
  lifecycle: OrderLifecycle;
  card: CardGateway;
  payments: Payments;
  now?: () => Date;
}) {
  const { db, lifecycle, card, payments: pay } = deps;
  const now = deps.now ?? (() => new Date());

  const fail = async (paymentId: number, message: string): Promise<NextStep> => {
    await db
      .update(payments)
      .set({ status: "failed", message, updatedAt: now() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "charging")));
    return { type: "card_failed", message };
  };

  return async function charge(order: Order, prime: string, origin: string): Promise<NextStep> {
    const attempt = await lifecycle.withOrder({ id: order.id }, async (tx, o) => {
      if (o.status !== "pending_payment") return { order: o, payment: null };
      const mine = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, o.id), eq(payments.method, "card")));
      const at = now();
      if (mine.some((p) => p.status === "charging" && at.getTime() - p.updatedAt.getTime() < CHARGING_FRESH_MS)) {
        throw conflict("付款處理中，請稍候再查看訂單");
      }
      const fresh = mine.find((p) => p.status === "pending");
      const [claimed] = fresh
        ? await tx.update(payments).set({ status: "charging", updatedAt: at }).where(eq(payments.id, fresh.id)).returning()
        : await tx
            .insert(payments)
            .values({
              orderId: o.id,
              method: "card",
              provider: card.simulated ? "tappay-simulator" : "tappay",
              amount: o.payable,
              status: "charging",
              createdAt: at,
              updatedAt: at,
            })
            .returning();
      return { order: o, payment: claimed ?? null };
    });
    if (!attempt.payment) return pay.nextFor(attempt.order);
    const payment = attempt.payment;

    const finishUrl = `${origin}/orderfinish?order_no=${order.orderNo}`;
    let result: PayByPrimeResult;
    try {
      result = await card.payByPrime({
        prime,
        amount: payment.amount,
        orderNumber: order.orderNo,
        details: `茶山好物訂單 ${order.orderNo}`,
        cardholder: { phone_number: order.receiverPhone, name: order.receiverName, email: order.email },
        threeDomainSecure: true,
        resultUrl: {
          frontend_redirect_url: finishUrl,
          backend_notify_url: `${origin}/api/payments/tappay/notify`,
          go_back_url: finishUrl,
        },
      });
    } catch {
      return fail(payment.id, "無法連線至刷卡服務，請稍後重新付款");
    }
    const last4 = result.card_info?.last_four ? `末四碼 ${result.card_info.last_four}` : "";
    if (result.status !== 0 || !result.rec_trade_id) {
      return fail(payment.id, "信用卡授權失敗，請確認卡片資料或改用其他付款方式");
    }
    if (result.payment_url) {
      // Keep the trade id whatever happened meanwhile: its notify must find this attempt.
      const [waiting] = await db
        .update(payments)
        .set({
          providerRef: result.rec_trade_id,
          status: sql`case when ${payments.status} = 'charging' then 'awaiting_3ds' else ${payments.status} end`,
          message: last4,
          updatedAt: now(),
        })
        .where(eq(payments.id, payment.id))
        .returning();
      if (waiting?.status !== "awaiting_3ds") return { type: "card_failed", message: "訂單狀態已變更，請重新整理" };
      return { type: "redirect_3ds", url: result.payment_url };
    }
    await pay.settleCard(payment.id, result.rec_trade_id, last4, "信用卡付款成功");
    return { type: "done" };
  };
}

export type CardCharge = ReturnType<typeof createCardCharge>;
