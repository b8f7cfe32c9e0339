import { isTapPayMethod, PAYMENT_METHOD_LABELS, type PayableMethod } from "@shop/contract/order";
import { and, eq, inArray, ne } from "drizzle-orm";
import { orderLines, orders, payments } from "../../db/schema/index.js";
import { conflict, unprocessable } from "../../lib/errors.js";
import { holdDeadline, type PayChoice, payChoices } from "./pay-methods.js";
import type { PaymentsContext } from "./payment-refunds.js";
import type { Order } from "./types.js";

// Paying a 待付款 order another way (decision 82): a declined card paid by transfer, a transfer
// paid by card, cash on delivery where the order's delivery allows it.

export type PayAgainMethod = PayableMethod;
export type PayOption = PayChoice;

// As checkout gives them to a new order (place-order-steps.ts).
const TRANSFER_DAYS = 3;
const CARD_PAY_MINUTES = 60;

/**
 * The 限時搶購 hold of an order (decision 100): the shortest hold_minutes of its products, read
 * outside any transaction (PGlite has one connection); null when none holds.
 */
async function holdOf(deps: PaymentsContext, o: Order): Promise<number | null> {
  if (!deps.holdMinutes) return null;
  const lines = await deps.db.select({ productId: orderLines.productId }).from(orderLines).where(eq(orderLines.orderId, o.id));
  return deps.holdMinutes([...new Set(lines.map((l) => l.productId))]);
}

/** The ways an order may still be paid: the checkout's own rules, applied to the order as placed. */
export async function payOptions(deps: PaymentsContext, o: Order): Promise<PayOption[]> {
  if (o.status !== "pending_payment" || o.payable === 0 || o.paymentMethod === "points_wallet") return [];
  const [setup, hold] = await Promise.all([deps.paySetup(o.shopId), holdOf(deps, o)]);
  return payChoices(setup.offered, o.payable, o.shipMethod, hold !== null);
}

/**
 * The order's new deadline: a transfer's counts from the order (from now once that has passed); a
 * card keeps any longer one; cash on delivery has none. A 限時搶購 order's never passes its hold
 * (placed + hold minutes, decision 100): switching never buys time.
 */
function payByFor(o: Order, method: PayAgainMethod, now: Date, hold: number | null): Date | null {
  const usual = usualPayBy(o, method, now);
  const held = holdDeadline(o.createdAt, [hold]);
  return held && (!usual || held < usual) ? held : usual;
}

function usualPayBy(o: Order, method: PayAgainMethod, now: Date): Date | null {
  if (method === "cod") return null;
  if (method === "transfer" || method === "atm") {
    // Counted from the order, so switching never buys time; an older order (cash on delivery not yet
    // shipped) gets the full period from now rather than a deadline already passed.
    const fromOrder = new Date(o.createdAt.getTime() + TRANSFER_DAYS * 86_400_000);
    return fromOrder > now ? fromOrder : new Date(now.getTime() + TRANSFER_DAYS * 86_400_000);
  }
  const card = new Date(now.getTime() + CARD_PAY_MINUTES * 60_000);
  return o.payBy && o.payBy > card ? o.payBy : card;
}

/**
 * The order's owner pays it another way, under its row lock, only while it waits for payment.
 * Open attempts of the other methods are closed (an awaiting 3-D Secure one included: a late
 * success of it is refunded, see settleCard); a card in flight refuses the change. The amount is
 * the order's own. A card is then charged by the caller.
 */
export async function changePaymentMethod(deps: PaymentsContext, order: Order, method: PayAgainMethod, actor: string) {
  // The shop's settings first: one database connection (PGlite) is held by the transaction below.
  const [setup, { payee: transferPayee }, hold] = await Promise.all([
    deps.paySetup(order.shopId),
    deps.transferAccount(order.shopId),
    holdOf(deps, order),
  ]);
  return deps.lifecycle.withOrder({ id: order.id }, async (tx, o) => {
    if (o.status !== "pending_payment") throw conflict("ORDER_NOT_AWAITING_PAYMENT", "此訂單已付款或已取消");
    const option =
      o.payable > 0
        ? payChoices(setup.offered, o.payable, o.shipMethod, hold !== null).find((p) => p.code === method)
        : undefined;
    if (!option?.available) throw unprocessable("PAYMENT_METHOD_UNAVAILABLE", option?.reason ?? "此付款方式目前無法使用");
    const mine = await tx.select().from(payments).where(eq(payments.orderId, o.id));
    if (mine.some((p) => p.status === "charging")) throw conflict("PAYMENT_IN_PROGRESS", "付款處理中，請稍候再查看訂單");
    if (o.paymentMethod === method) return o;
    // A transfer the buyer said they made is staff's to confirm or give back: the order keeps it.
    if (mine.some((p) => p.method === "transfer" && p.status === "pending" && p.report))
      throw conflict("TRANSFER_REPORTED", "已回報匯款，無法改用其他付款方式，如需協助請聯絡客服");
    const at = deps.now();
    const label = PAYMENT_METHOD_LABELS[method];
    await tx
      .update(payments)
      .set({ status: "failed", message: `已改用${label}付款`, updatedAt: at })
      .where(and(eq(payments.orderId, o.id), ne(payments.method, method), inArray(payments.status, ["pending", "awaiting_3ds"])));
    if (!isTapPayMethod(method)) {
      // One row per offline method: the one staff (or the seller) will confirm.
      const payee = method === "transfer" ? transferPayee : "company";
      const earlier = mine.find((p) => p.method === method);
      if (earlier) {
        await tx
          .update(payments)
          .set({ status: "pending", amount: o.payable, payee, message: "", report: null, updatedAt: at })
          .where(eq(payments.id, earlier.id));
      } else {
        await tx.insert(payments).values({
          orderId: o.id,
          method,
          provider: method,
          amount: o.payable,
          status: "pending",
          payee,
          createdAt: at,
          updatedAt: at,
        });
      }
    }
    const [changed] = await tx
      .update(orders)
      .set({ paymentMethod: method, payBy: payByFor(o, method, at, hold), updatedAt: at })
      .where(eq(orders.id, o.id))
      .returning();
    await deps.lifecycle.event(tx, o.id, o.status, o.status, actor, `改用${label}付款`);
    return changed ?? o;
  });
}
