import type { OrderStatus } from "@shop/contract";
import { formatDate } from "@shop/contract/format";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { orderEvents, orderLines, orders, returnRequests } from "../../db/schema/index.js";
import { conflict, DomainError, fieldError, forbidden, notFound, unprocessable } from "../../lib/errors.js";
import type { GiveBack } from "./give-back.js";
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
import type {
  AdvanceOptions,
  Buyer,
  Commit,
  Order,
  OrderEffects,
  OrderKey,
  OrderLine,
  RefundTerms,
  VariantUnits,
} from "./types.js";

/** What the lifecycle's steps work with (service.ts builds it once). */
export interface LifecycleDeps extends GiveBack {
  db: Db;
  now: () => Date;
  effects: OrderEffects;
  completeAfterDays: () => Promise<number>;
}

export const actorOf = (b: Buyer) => (b.memberId !== undefined ? `member:${b.memberId}` : "guest");

export async function recordEvent(
  deps: Pick<LifecycleDeps, "now">,
  tx: Tx,
  orderId: number,
  from: OrderStatus | null,
  to: OrderStatus,
  actor: string,
  reason: string,
) {
  await tx.insert(orderEvents).values({ orderId, fromStatus: from, toStatus: to, actor, reason, createdAt: deps.now() });
}

export const linesOf = (q: Db | Tx, orderId: number) =>
  q.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));

/** One transition of a locked order, with its history row, its effects and the member's notice. */
export async function moveOrder(
  deps: LifecycleDeps,
  tx: Tx,
  order: Order,
  to: OrderStatus,
  actor: string,
  reason: string,
  extra: Partial<Order> = {},
) {
  if (!canTransition(order.status, to)) throw conflict("ORDER_STATE_CHANGED", STATE_CHANGED);
  if (order.status === "pending_payment" && to === "processing" && !shipsUnpaid(order))
    throw conflict("ORDER_NOT_PAID", "訂單尚未付款");
  if (!WHO_MAY[`${order.status}→${to}`]?.includes(actorKind(actor))) throw forbidden("ORDER_TRANSITION_NOT_PERMITTED");
  const at = deps.now();
  const stamps: Partial<Order> =
    to === "paid" ? { paidAt: at } : to === "delivered" ? { deliveredAt: at } : to === "completed" ? { completedAt: at } : {};
  const [moved] = await tx
    .update(orders)
    .set({ ...extra, ...stamps, status: to, updatedAt: at })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!moved) throw conflict("ORDER_STATE_CHANGED", STATE_CHANGED);
  await recordEvent(deps, tx, order.id, order.status, to, actor, reason);
  if (to === "paid" || to === "completed") {
    // Read once, and only if an effect needs them (most paid orders do not).
    let lines: Promise<OrderLine[]> | undefined;
    const load = () => {
      lines ??= linesOf(tx, order.id);
      return lines;
    };
    for (const run of deps.effects[to]) await run(tx, moved, load);
  }
  for (const run of deps.effects.changed) await run(tx, moved, to, reason, actor);
  return moved;
}

/**
 * The one way to change an order: a transaction that locks its row before reading anything
 * else; work queued with `commit.after` runs once it committed.
 */
export async function withOrder<T>(
  deps: Pick<LifecycleDeps, "db">,
  key: OrderKey,
  work: (tx: Tx, order: Order, commit: Commit) => Promise<T>,
) {
  const later: Array<() => Promise<void>> = [];
  const result = await deps.db.transaction(async (tx) => {
    const where = "id" in key ? eq(orders.id, key.id) : eq(orders.orderNo, key.no);
    const [order] = await tx.select().from(orders).where(where).for("update");
    if (!order) throw notFound("ORDER_NOT_FOUND", "找不到此訂單");
    return work(tx, order, { after: (w) => later.push(w) });
  });
  for (const w of later) await w();
  return result;
}

/** Paid: depot orders complete at once (their goods went into the member's depot). */
export async function payOrder(deps: LifecycleDeps, tx: Tx, order: Order, actor: string, reason: string) {
  const paid = await moveOrder(deps, tx, order, "paid", actor, reason);
  return paid.shipMethod === "depot" && paid.memberId !== null
    ? moveOrder(deps, tx, paid, "completed", "system", "商品已存入雲端庫存")
    : paid;
}

async function cancelLocked(deps: LifecycleDeps, tx: Tx, order: Order, actor: string, reason: string, commit: Commit) {
  const cancelled = await moveOrder(deps, tx, order, "cancelled", actor, reason);
  await deps.giveBack(tx, cancelled, "cancel", actor, reason, commit);
  return cancelled;
}

/** The return request still being handled on an order, if any (it holds the order open). */
export async function openReturn(q: Db | Tx, orderId: number) {
  const [r] = await q
    .select({ id: returnRequests.id })
    .from(returnRequests)
    .where(and(eq(returnRequests.orderId, orderId), inArray(returnRequests.status, ["requested", "approved", "received"])));
  return r ?? null;
}

/**
 * A return after delivery inside the caller's transaction: every unit left, or only `items`
 * (then the order keeps its state and records a partial refund).
 */
export async function refundLocked(
  deps: LifecycleDeps,
  tx: Tx,
  o: Order,
  commit: Commit,
  actor: string,
  reason: string,
  items?: VariantUnits,
  terms: RefundTerms = {},
) {
  if (!REFUNDABLE.includes(o.status)) throw conflict("ORDER_NOT_REFUNDABLE", "只有已送達或已完成的訂單可以退貨退款");
  const wanted = items ? wantedLines(await linesOf(tx, o.id), items) : undefined;
  if (!wanted) {
    const refunded = await moveOrder(deps, tx, o, "refunded", actor, reason);
    return deps.giveBack(tx, refunded, "refund", actor, reason, commit, undefined, terms);
  }
  await recordEvent(deps, tx, o.id, o.status, o.status, actor, `部分退款：${reason}`);
  return deps.giveBack(tx, o, "partial", actor, reason, commit, wanted, terms);
}

/** Units by variant as units by line; undefined when they are every unit still the buyer's. */
function wantedLines(lines: OrderLine[], items: VariantUnits): Map<number, number> | undefined {
  const wanted = new Map<number, number>();
  for (const it of items) {
    const line = lines.find((l) => l.variantId === it.variantId);
    if (!line) throw unprocessable("VARIANT_NOT_IN_ORDER", "此訂單沒有這個商品");
    if (it.qty > line.qty - line.refundedQty - (wanted.get(line.id) ?? 0))
      throw unprocessable("REFUND_QTY_EXCEEDED", `「${line.name}」最多可退 ${line.qty - line.refundedQty} 件`);
    wanted.set(line.id, (wanted.get(line.id) ?? 0) + it.qty);
  }
  const open = lines.reduce((s, l) => s + l.qty - l.refundedQty, 0);
  return [...wanted.values()].reduce((a, b) => a + b, 0) === open ? undefined : wanted;
}

/** What refunding `items` of an order would give back now (NT$), read outside any lock; null if it cannot. */
export async function refundableNow(deps: LifecycleDeps, orderId: number, items: VariantUnits) {
  const [o] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!o || !REFUNDABLE.includes(o.status)) return null;
  const lines = await linesOf(deps.db, o.id);
  try {
    const wanted = wantedLines(lines, items) ?? new Map(lines.map((l) => [l.id, l.qty - l.refundedQty]));
    return await deps.refundable(deps.db, o, wanted);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/**
 * A new order and its lines, pending payment, inside checkout's transaction; its `placed` effects
 * wait for `announcePlaced` (checkout reserves the stock in between: the pre-order note is known then).
 */
export async function createOrder(
  deps: LifecycleDeps,
  tx: Tx,
  values: typeof orders.$inferInsert,
  lines: Array<Omit<typeof orderLines.$inferInsert, "orderId">>,
  actor: string,
) {
  const [order] = await tx.insert(orders).values(values).returning();
  if (!order) throw new Error("order insert returned nothing");
  // Its lines and its first history row in one statement: on PGlite an order's transaction runs
  // alone, so each answer it waits for holds every other buyer's order (issue 51).
  const placedLines = tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: order.id })));
  const placedEvent = tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: null,
    toStatus: "pending_payment",
    actor,
    reason: "訂單成立",
    createdAt: deps.now(),
  });
  await tx.execute(sql`with placed_lines as (${placedLines.getSQL()}) ${placedEvent.getSQL()}`);
  return order;
}

/** A just-created order's goods of these variants wait for stock (decision 96): expected on `shipOn`. */
export async function markPreorder(tx: Tx, order: Order, variantIds: number[], shipOn: string | null): Promise<Order> {
  const [marked] = await tx
    .update(orders)
    .set({ preorderState: "waiting", preorderShipOn: shipOn })
    .where(eq(orders.id, order.id))
    .returning();
  await tx
    .update(orderLines)
    .set({ preorder: true })
    .where(and(eq(orderLines.orderId, order.id), inArray(orderLines.variantId, variantIds)));
  return marked ?? order;
}

/** The order's `placed` effects (its messages), once checkout has settled it. */
export async function announcePlaced(deps: LifecycleDeps, tx: Tx, order: Order) {
  for (const run of deps.effects.placed) await run(tx, order);
}

/** Cash on delivery was collected after shipping: the order is paid from now on, its state unchanged. */
export async function markCollected(deps: LifecycleDeps, tx: Tx, order: Order, actor: string, reason: string) {
  await tx.update(orders).set({ paidAt: deps.now(), updatedAt: deps.now() }).where(eq(orders.id, order.id));
  await recordEvent(deps, tx, order.id, order.status, order.status, actor, reason);
}

/** A locked order's ship method changes (before shipping), recorded in its history. */
export async function setShipMethod(
  deps: LifecycleDeps,
  tx: Tx,
  order: Order,
  to: "hct" | "self",
  actor: string,
  reason: string,
) {
  await tx.update(orders).set({ shipMethod: to, updatedAt: deps.now() }).where(eq(orders.id, order.id));
  await recordEvent(deps, tx, order.id, order.status, order.status, actor, reason);
}

/** The buyer cancels before shipping; a guest who paid offline is sent to customer service. */
export function cancelByBuyer(deps: LifecycleDeps, buyer: Buyer, orderNo: string, reason: string) {
  return withOrder(deps, { no: orderNo }, async (tx, o, commit) => {
    const mine = buyer.memberId !== undefined ? o.memberId === buyer.memberId : buyer.verifiedOrderId === o.id;
    if (!mine) throw notFound("ORDER_NOT_FOUND", "查無此訂單，請確認訂單編號與手機號碼");
    if (!BUYER_CANCELLABLE.includes(o.status))
      throw conflict("ORDER_NOT_CANCELLABLE", "訂單已出貨或已結束，無法取消；如需退貨請聯繫客服");
    const held = await deps.moneyHeld(tx, o, false);
    if (held.toSeller > 0) throw unprocessable("PAID_TO_SELLER", "此筆款項已付給賣家，請聯繫賣家或客服辦理取消與退款");
    if (o.memberId === null && o.paymentMethod !== "card" && held.total > 0) {
      throw unprocessable("GUEST_PAID_OFFLINE", "已付款的訪客訂單請聯繫客服辦理取消與退款");
    }
    return cancelLocked(deps, tx, o, actorOf(buyer), `買家取消：${reason}`, commit);
  });
}

/**
 * Staff cancel before shipping, or when a shipped parcel came back undelivered (refused, not
 * picked up): the goods go back to stock and the money back as for a buyer's cancel.
 */
export function cancelByStaff(deps: LifecycleDeps, orderNo: string, actor: string, reason: string) {
  return withOrder(deps, { no: orderNo }, async (tx, o, commit) => {
    if (!STAFF_CANCELLABLE.includes(o.status))
      throw conflict("ORDER_NOT_CANCELLABLE", "訂單已送達或已結束，無法取消；已送達的訂單請改用退貨退款");
    const why = o.status === "shipped" ? `包裹退回：${reason}` : `客服取消：${reason}`;
    return cancelLocked(deps, tx, o, actor, why, commit);
  });
}

/** Cancels unpaid orders past their deadline. Safe to run anywhere, any time, beside payments. */
export async function expireUnpaid(deps: LifecycleDeps): Promise<number> {
  const { now } = deps;
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "pending_payment"), lte(orders.payBy, now())))
    .limit(200);
  let n = 0;
  for (const { id } of due) {
    const done = await withOrder(deps, { id }, async (tx, o, commit) => {
      // Paid or cancelled since it was listed: nothing to do.
      if (o.status !== "pending_payment" || !o.payBy || o.payBy > now()) return false;
      const reason = o.paymentMethod === "transfer" ? "逾期未付款，訂單已自動取消" : "付款逾時，訂單已自動取消";
      await cancelLocked(deps, tx, o, "system", reason, commit);
      return true;
    });
    if (done) n++;
  }
  return n;
}

/**
 * Fulfilment (staff and sellers): moves the order forward along paid → processing → shipped →
 * delivered → completed to `to`, recording every step. Shipping needs a tracking number unless
 * it is the seller's own delivery.
 */
export function advance(deps: LifecycleDeps, orderNo: string, to: FulfilmentStep, actor: string, opts: AdvanceOptions = {}) {
  const { trackingNo } = opts;
  // Read before the order's transaction (the embedded database has one connection).
  const days = opts.afterAppraisal ? deps.completeAfterDays() : Promise.resolve(0);
  return withOrder(deps, { no: orderNo }, async (tx, o) => {
    if (opts.from && !opts.from.includes(o.status)) throw conflict("ORDER_STATE_CHANGED", STATE_CHANGED);
    if (opts.afterAppraisal) appraisalOver(deps, o, await days);
    if (opts.once && !(await opts.once(tx))) return o;
    // No one completes an order a return is still open on (staff included): its credits would go out first.
    if (to === "completed" && (await openReturn(tx, o.id)))
      throw conflict("RETURN_OPEN", "此訂單有處理中的退換貨申請，請待申請處理完成");
    const steps = stepsTo(o.status, to, shipsUnpaid(o));
    // A pre-order ships only once stock released it (decision 96).
    if (o.preorderState === "waiting" && steps.length > 0) throw conflict("PREORDER_WAITING", "預購商品尚未到貨，無法出貨");
    if (steps.includes("shipped") && !trackingNo && o.shipMethod !== "self") throw fieldError("tracking_no", "請輸入物流單號");
    let current = o;
    for (const step of steps) {
      const extra = step === "shipped" ? { trackingNo: trackingNo ?? null } : {};
      current = await moveOrder(deps, tx, current, step, actor, STEP_REASONS[step], extra);
    }
    return current;
  });
}

/** When a delivered order's appraisal period (鑑賞期) ends: from then on it may complete. */
export const appraisalEnds = (deliveredAt: Date, days: number) => new Date(deliveredAt.getTime() + days * 86_400_000);

/** Completing by hand (a seller) follows the main mall's rule: delivered and the period over (and no return open, see advance). */
function appraisalOver(deps: LifecycleDeps, o: Order, days: number) {
  if (o.status !== "delivered" || !o.deliveredAt) throw conflict("ORDER_NOT_DELIVERED", "訂單送達後才能完成");
  const ends = appraisalEnds(o.deliveredAt, days);
  if (ends > deps.now()) throw conflict("APPRAISAL_PERIOD_OPEN", `鑑賞期內無法完成訂單，${formatDate(ends)} 起可完成`);
}

/** Delivered orders past the appraisal period (鑑賞期, a setting) complete by themselves. */
export async function completeDue(deps: LifecycleDeps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - (await deps.completeAfterDays()) * 86_400_000);
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    // The status as a literal: the delivered-orders index holds only these.
    .where(and(sql`${orders.status} = 'delivered'`, lte(orders.deliveredAt, cutoff)))
    .limit(200);
  let n = 0;
  for (const { id } of due) {
    const done = await withOrder(deps, { id }, async (tx, o) => {
      if (o.status !== "delivered" || !o.deliveredAt || o.deliveredAt > cutoff) return false;
      // A return in progress keeps the order open until staff settle it.
      if (await openReturn(tx, o.id)) return false;
      await moveOrder(deps, tx, o, "completed", "system", "鑑賞期已過，訂單自動完成");
      return true;
    });
    if (done) n++;
  }
  return n;
}

/**
 * A return after delivery (staff): the units come back and their value goes back the way it
 * was paid. Every unit left, or only `items` (variant → qty): then the order keeps its state
 * and records a partial refund.
 */
export function refund(
  deps: LifecycleDeps,
  orderNo: string,
  actor: string,
  reason: string,
  items?: VariantUnits,
  terms: RefundTerms = {},
) {
  return withOrder(deps, { no: orderNo }, async (tx, o, commit) => {
    // A return or exchange in progress settles its own units: refunding them here too would
    // pay twice (or pay and send a replacement).
    if (await openReturn(tx, o.id)) throw conflict("RETURN_OPEN", "此訂單有處理中的退換貨申請，請在「退換貨申請」中處理");
    return refundLocked(deps, tx, o, commit, actor, reason, items, terms);
  });
}

/**
 * 測試模式 only (the e2e's clock): moves a delivered order's delivery back past the appraisal period,
 * then runs the completion sweep as its hourly job would. Returns how many orders completed.
 */
export async function completeAfterAppraisalForTests(deps: LifecycleDeps, orderNo: string): Promise<number> {
  const days = await deps.completeAfterDays();
  const before = new Date(deps.now().getTime() - (days * 86_400 + 60) * 1000);
  await deps.db
    .update(orders)
    .set({ deliveredAt: before })
    .where(and(eq(orders.orderNo, orderNo), eq(orders.status, "delivered")));
  return completeDue(deps);
}
