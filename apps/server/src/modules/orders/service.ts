import type { OrderStatus } from "@shop/contract";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { orderEvents, orderLines, orders, returnRequests } from "../../db/schema/index.js";
import { conflict, fieldError, forbidden, notFound, unprocessable } from "../../lib/errors.js";
import { createGiveBack } from "./give-back.js";
import type { RefundPlan } from "./refund-math.js";
import {
  actorKind,
  BUYER_CANCELLABLE,
  canTransition,
  type FulfilmentStep,
  REFUNDABLE,
  STAFF_CANCELLABLE,
  STATE_CHANGED,
  STEP_REASONS,
  shipsUnpaid,
  stepsTo,
  WHO_MAY,
} from "./state.js";

export type Order = typeof orders.$inferSelect;
type OrderLine = typeof orderLines.$inferSelect;

/** Work that must wait until the transaction committed (a provider call). */
export interface Commit {
  after(work: () => Promise<void>): void;
}

/** Units, value and money going back to the buyer: a cancellation, a refund, or part of one. */
export interface GivenBack extends RefundPlan {
  kind: "cancel" | "refund" | "partial";
  seq: number;
  /** Goods value given back by this and every earlier refund, and the order's goods after discounts. */
  goodsValueSoFar: number;
  netGoods: number;
  lines: OrderLine[];
}

/**
 * What other modules do when an order changes, wired by the composition root (order-effects.ts).
 * Each runs inside the transaction that made the change, so the change and its effects commit or
 * roll back together.
 */
export interface OrderEffects {
  placed: Array<(tx: Tx, order: Order) => Promise<void>>;
  paid: Array<(tx: Tx, order: Order, lines: () => Promise<OrderLine[]>) => Promise<void>>;
  completed: Array<(tx: Tx, order: Order, lines: () => Promise<OrderLine[]>) => Promise<void>>;
  givenBack: Array<(tx: Tx, order: Order, back: GivenBack, commit: Commit) => Promise<void>>;
  changed: Array<(tx: Tx, order: Order, to: OrderStatus, reason: string, actor: string) => Promise<void>>;
}

/** Who asks for a buyer's action: a member, or a guest who proved the phone on this order. */
export interface Buyer {
  memberId?: number;
  cartToken?: string;
  phone?: string;
  /** The order a guest's access token proves the phone of. */
  verifiedOrderId?: number;
}
export const actorOf = (b: Buyer) => (b.memberId !== undefined ? `member:${b.memberId}` : "guest");

/**
 * The order lifecycle (decision 30): every transition locks the order row first, re-reads its
 * state inside the transaction, then acts, and runs its effects in the same transaction.
 */
export function createOrderLifecycle(deps: { db: Db; completeAfterDays: () => Promise<number>; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const effects: OrderEffects = { placed: [], paid: [], completed: [], givenBack: [], changed: [] };
  const { giveBack, moneyHeld } = createGiveBack({ effects, now });

  async function event(tx: Tx, orderId: number, from: OrderStatus | null, to: OrderStatus, actor: string, reason: string) {
    await tx.insert(orderEvents).values({ orderId, fromStatus: from, toStatus: to, actor, reason, createdAt: now() });
  }

  const linesOf = (q: Db | Tx, orderId: number) =>
    q.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));

  /** One transition of a locked order, with its history row, its effects and the member's notice. */
  async function move(tx: Tx, order: Order, to: OrderStatus, actor: string, reason: string, extra: Partial<Order> = {}) {
    if (!canTransition(order.status, to)) throw conflict("ORDER_STATE_CHANGED", STATE_CHANGED);
    if (order.status === "pending_payment" && to === "processing" && !shipsUnpaid(order))
      throw conflict("ORDER_NOT_PAID", "訂單尚未付款");
    if (!WHO_MAY[`${order.status}→${to}`]?.includes(actorKind(actor))) throw forbidden("ORDER_TRANSITION_NOT_PERMITTED");
    const at = now();
    const stamps: Partial<Order> =
      to === "paid" ? { paidAt: at } : to === "delivered" ? { deliveredAt: at } : to === "completed" ? { completedAt: at } : {};
    const [moved] = await tx
      .update(orders)
      .set({ ...extra, ...stamps, status: to, updatedAt: at })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning();
    if (!moved) throw conflict("ORDER_STATE_CHANGED", STATE_CHANGED);
    await event(tx, order.id, order.status, to, actor, reason);
    if (to === "paid" || to === "completed") {
      // Read once, and only if an effect needs them (most paid orders do not).
      let lines: Promise<OrderLine[]> | undefined;
      const load = () => {
        lines ??= linesOf(tx, order.id);
        return lines;
      };
      for (const run of effects[to]) await run(tx, moved, load);
    }
    for (const run of effects.changed) await run(tx, moved, to, reason, actor);
    return moved;
  }

  /**
   * The one way to change an order: a transaction that locks its row before reading anything
   * else; work queued with `commit.after` runs once it committed.
   */
  async function withOrder<T>(key: { id: number } | { no: string }, work: (tx: Tx, order: Order, commit: Commit) => Promise<T>) {
    const later: Array<() => Promise<void>> = [];
    const result = await db.transaction(async (tx) => {
      const where = "id" in key ? eq(orders.id, key.id) : eq(orders.orderNo, key.no);
      const [order] = await tx.select().from(orders).where(where).for("update");
      if (!order) throw notFound("ORDER_NOT_FOUND", "找不到此訂單");
      return work(tx, order, { after: (w) => later.push(w) });
    });
    for (const w of later) await w();
    return result;
  }

  /** Paid: depot orders complete at once (their goods went into the member's depot). */
  async function pay(tx: Tx, order: Order, actor: string, reason: string) {
    const paid = await move(tx, order, "paid", actor, reason);
    return paid.shipMethod === "depot" && paid.memberId !== null
      ? move(tx, paid, "completed", "system", "商品已存入雲端庫存")
      : paid;
  }

  async function cancelLocked(tx: Tx, order: Order, actor: string, reason: string, commit: Commit) {
    const cancelled = await move(tx, order, "cancelled", actor, reason);
    await giveBack(tx, cancelled, "cancel", actor, reason, commit);
    return cancelled;
  }

  /** The return request still being handled on an order, if any (it holds the order open). */
  async function openReturn(q: Db | Tx, orderId: number) {
    const [r] = await q
      .select({ id: returnRequests.id })
      .from(returnRequests)
      .where(and(eq(returnRequests.orderId, orderId), inArray(returnRequests.status, ["requested", "approved", "received"])));
    return r ?? null;
  }

  async function refundLocked(
    tx: Tx,
    o: Order,
    commit: Commit,
    actor: string,
    reason: string,
    items?: Array<{ variantId: number; qty: number }>,
  ) {
    if (!REFUNDABLE.includes(o.status)) throw conflict("ORDER_NOT_REFUNDABLE", "只有已送達或已完成的訂單可以退貨退款");
    let wanted: Map<number, number> | undefined;
    if (items) {
      const lines = await linesOf(tx, o.id);
      wanted = new Map();
      for (const it of items) {
        const line = lines.find((l) => l.variantId === it.variantId);
        if (!line) throw unprocessable("VARIANT_NOT_IN_ORDER", "此訂單沒有這個商品");
        if (it.qty > line.qty - line.refundedQty - (wanted.get(line.id) ?? 0))
          throw unprocessable("REFUND_QTY_EXCEEDED", `「${line.name}」最多可退 ${line.qty - line.refundedQty} 件`);
        wanted.set(line.id, (wanted.get(line.id) ?? 0) + it.qty);
      }
      const open = lines.reduce((s, l) => s + l.qty - l.refundedQty, 0);
      if ([...wanted.values()].reduce((a, b) => a + b, 0) === open) wanted = undefined;
    }
    if (!wanted) {
      const refunded = await move(tx, o, "refunded", actor, reason);
      return giveBack(tx, refunded, "refund", actor, reason, commit);
    }
    await event(tx, o.id, o.status, o.status, actor, `部分退款：${reason}`);
    return giveBack(tx, o, "partial", actor, reason, commit, wanted);
  }

  return {
    effects,
    withOrder,

    /** A new order and its lines, pending payment, inside checkout's transaction. */
    async create(
      tx: Tx,
      values: typeof orders.$inferInsert,
      lines: Array<Omit<typeof orderLines.$inferInsert, "orderId">>,
      actor: string,
    ) {
      const [order] = await tx.insert(orders).values(values).returning();
      if (!order) throw new Error("order insert returned nothing");
      await tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: order.id })));
      await event(tx, order.id, null, "pending_payment", actor, "訂單成立");
      for (const run of effects.placed) await run(tx, order);
      return order;
    },
    move,
    pay,
    linesIn: (tx: Tx, orderId: number) => linesOf(tx, orderId),
    event,

    /** Cash on delivery was collected after shipping: the order is paid from now on, its state unchanged. */
    async markCollected(tx: Tx, order: Order, actor: string, reason: string) {
      await tx.update(orders).set({ paidAt: now(), updatedAt: now() }).where(eq(orders.id, order.id));
      await event(tx, order.id, order.status, order.status, actor, reason);
    },

    /** A locked order's ship method changes (before shipping), recorded in its history. */
    async setShipMethod(tx: Tx, order: Order, to: "hct" | "self", actor: string, reason: string) {
      await tx.update(orders).set({ shipMethod: to, updatedAt: now() }).where(eq(orders.id, order.id));
      await event(tx, order.id, order.status, order.status, actor, reason);
    },

    /** The buyer cancels before shipping; a guest who paid offline is sent to customer service. */
    cancelByBuyer(buyer: Buyer, orderNo: string, reason: string) {
      return withOrder({ no: orderNo }, async (tx, o, commit) => {
        const mine = buyer.memberId !== undefined ? o.memberId === buyer.memberId : buyer.verifiedOrderId === o.id;
        if (!mine) throw notFound("ORDER_NOT_FOUND", "查無此訂單，請確認訂單編號與手機號碼");
        if (!BUYER_CANCELLABLE.includes(o.status))
          throw conflict("ORDER_NOT_CANCELLABLE", "訂單已出貨或已結束，無法取消；如需退貨請聯繫客服");
        const held = await moneyHeld(tx, o, false);
        if (held.toSeller > 0) throw unprocessable("PAID_TO_SELLER", "此筆款項已付給賣家，請聯繫賣家或客服辦理取消與退款");
        if (o.memberId === null && o.paymentMethod !== "card" && held.total > 0) {
          throw unprocessable("GUEST_PAID_OFFLINE", "已付款的訪客訂單請聯繫客服辦理取消與退款");
        }
        return cancelLocked(tx, o, actorOf(buyer), `買家取消：${reason}`, commit);
      });
    },

    /**
     * Staff cancel before shipping, or when a shipped parcel came back undelivered (refused, not
     * picked up): the goods go back to stock and the money back as for a buyer's cancel.
     */
    cancelByStaff(orderNo: string, actor: string, reason: string) {
      return withOrder({ no: orderNo }, async (tx, o, commit) => {
        if (!STAFF_CANCELLABLE.includes(o.status))
          throw conflict("ORDER_NOT_CANCELLABLE", "訂單已送達或已結束，無法取消；已送達的訂單請改用退貨退款");
        const why = o.status === "shipped" ? `包裹退回：${reason}` : `客服取消：${reason}`;
        return cancelLocked(tx, o, actor, why, commit);
      });
    },

    /** Cancels unpaid orders past their deadline. Safe to run anywhere, any time, beside payments. */
    async expireUnpaid(): Promise<number> {
      const due = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, "pending_payment"), lte(orders.payBy, now())))
        .limit(200);
      let n = 0;
      for (const { id } of due) {
        const done = await withOrder({ id }, async (tx, o, commit) => {
          // Paid or cancelled since it was listed: nothing to do.
          if (o.status !== "pending_payment" || !o.payBy || o.payBy > now()) return false;
          const reason = o.paymentMethod === "transfer" ? "逾期未付款，訂單已自動取消" : "付款逾時，訂單已自動取消";
          await cancelLocked(tx, o, "system", reason, commit);
          return true;
        });
        if (done) n++;
      }
      return n;
    },

    /**
     * Fulfilment (staff and sellers): moves the order forward along paid → processing → shipped →
     * delivered → completed to `to`, recording every step. Shipping needs a tracking number unless
     * it is the seller's own delivery.
     */
    advance(orderNo: string, to: FulfilmentStep, actor: string, opts: { trackingNo?: string; from?: OrderStatus[] } = {}) {
      const { trackingNo } = opts;
      return withOrder({ no: orderNo }, async (tx, o) => {
        if (opts.from && !opts.from.includes(o.status)) throw conflict("ORDER_STATE_CHANGED", STATE_CHANGED);
        const steps = stepsTo(o.status, to, shipsUnpaid(o));
        if (steps.includes("shipped") && !trackingNo && o.shipMethod !== "self")
          throw fieldError("tracking_no", "請輸入物流單號");
        let current = o;
        for (const step of steps) {
          const extra = step === "shipped" ? { trackingNo: trackingNo ?? null } : {};
          current = await move(tx, current, step, actor, STEP_REASONS[step], extra);
        }
        return current;
      });
    },

    /** Delivered orders past the appraisal period (鑑賞期, a setting) complete by themselves. */
    async completeDue(): Promise<number> {
      const cutoff = new Date(now().getTime() - (await deps.completeAfterDays()) * 86_400_000);
      const due = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, "delivered"), lte(orders.deliveredAt, cutoff)))
        .limit(200);
      let n = 0;
      for (const { id } of due) {
        const done = await withOrder({ id }, async (tx, o) => {
          if (o.status !== "delivered" || !o.deliveredAt || o.deliveredAt > cutoff) return false;
          // A return in progress keeps the order open until staff settle it.
          if (await openReturn(tx, o.id)) return false;
          await move(tx, o, "completed", "system", "鑑賞期已過，訂單自動完成");
          return true;
        });
        if (done) n++;
      }
      return n;
    },

    /**
     * A return after delivery (staff): the units come back and their value goes back the way it
     * was paid. Every unit left, or only `items` (variant → qty): then the order keeps its state
     * and records a partial refund.
     */
    refund(orderNo: string, actor: string, reason: string, items?: Array<{ variantId: number; qty: number }>) {
      return withOrder({ no: orderNo }, async (tx, o, commit) => {
        // A return or exchange in progress settles its own units: refunding them here too would
        // pay twice (or pay and send a replacement).
        if (await openReturn(tx, o.id)) throw conflict("RETURN_OPEN", "此訂單有處理中的退換貨申請，請在「退換貨申請」中處理");
        return refundLocked(tx, o, commit, actor, reason, items);
      });
    },

    refundLocked,
    openReturn,
  };
}

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
