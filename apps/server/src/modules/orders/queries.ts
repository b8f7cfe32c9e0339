import type { OrderStatus } from "@shop/contract";
import { and, asc, count, desc, eq, inArray, isNotNull, like, lt, ne, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { orderEvents, orderLines, orderRefunds, orders } from "../../db/schema/index.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { likeEscape } from "../../lib/like.js";
import type { Buyer, Order } from "./types.js";

/** An order number or phone that starts with the keyword, or a receiver name that contains it. */
export function orderKeyword(keyword: string | undefined) {
  const k = keyword?.trim();
  if (!k) return undefined;
  // Digits are an order number or a phone number: two prefix seeks, no scan of every receiver's
  // name (2,000,000 orders, issue 51); names never are all digits.
  if (/^\d+$/.test(k)) return or(like(orders.orderNo, `${k}%`), like(orders.receiverPhone, `${k}%`));
  return or(
    like(orders.orderNo, `${likeEscape(k)}%`),
    like(orders.receiverPhone, `${likeEscape(k)}%`),
    like(orders.receiverName, `%${likeEscape(k)}%`),
  );
}

/** How long the count of orders below a mark is kept before it is counted again. */
const ALL_ORDERS_RECOUNT_MS = 10 * 60_000;
/** The newest ids are always counted live: an order committed late under a lower id is still seen. */
const LIVE_TAIL_IDS = 1_000;

/**
 * Every order, for the back office's unfiltered list: 2,000,000 rows took 650 ms a request to
 * count (issue 51). Orders are never deleted, so the rows below a mark are counted once every
 * 10 minutes and the rest (the newest 1,000 ids and anything after) on each request: exact,
 * one short range seek.
 */
export function createAllOrdersCount(db: Db, counting: { clock?: () => number; liveTailIds?: number } = {}) {
  const clock = counting.clock ?? Date.now;
  const liveTail = counting.liveTailIds ?? LIVE_TAIL_IDS;
  let counted: { below: number; n: number; at: number } | undefined;
  return async (): Promise<number> => {
    if (!counted || clock() - counted.at > ALL_ORDERS_RECOUNT_MS) {
      const [top] = await db.select({ id: sql<number | null>`max(${orders.id})` }).from(orders);
      const below = Math.max(0, (top?.id ?? 0) - liveTail);
      const [n] = await db.select({ n: count() }).from(orders).where(sql`${orders.id} <= ${below}`);
      counted = { below, n: n?.n ?? 0, at: clock() };
    }
    const [tail] = await db.select({ n: count() }).from(orders).where(sql`${orders.id} > ${counted.below}`);
    return counted.n + (tail?.n ?? 0);
  };
}

/** Reading orders (no changes: those go through the lifecycle). */
export function createOrderQueries(db: Db, counting: Parameters<typeof createAllOrdersCount>[1] = {}) {
  const allOrders = createAllOrdersCount(db, counting);

  /** A page of orders in this order, and how many match. */
  async function pageOf(where: SQL | undefined, page: number, perPage: number, order: SQL[] = [desc(orders.id)]) {
    const [total, rows] = await Promise.all([
      where === undefined
        ? allOrders()
        : db
            .select({ n: count() })
            .from(orders)
            .where(where)
            .then(([r]) => r?.n ?? 0),
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(...order)
        .limit(perPage)
        .offset((page - 1) * perPage),
    ]);
    return { rows, total };
  }

  return {
    /** Unpaid orders still open past their deadline by more than `graceMs` (the expiry sweep should have cancelled them). */
    async overdueUnpaid(at: Date, graceMs: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.status, "pending_payment"), lt(orders.payBy, new Date(at.getTime() - graceMs))));
      return row?.n ?? 0;
    },
    /**
     * Units of these products the member holds in orders not cancelled or refunded, less units
     * given back by partial refunds; gifts do not count (限購 N 件/人, decision 92).
     */
    async boughtBefore(memberId: number, productIds: number[], q: Db | Tx = db): Promise<Map<number, number>> {
      if (productIds.length === 0) return new Map();
      const rows = await q
        .select({ productId: orderLines.productId, units: sql<number>`sum(${orderLines.qty} - ${orderLines.refundedQty})::int` })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(
          and(
            eq(orders.memberId, memberId),
            notInArray(orders.status, ["cancelled", "refunded"]),
            inArray(orderLines.productId, productIds),
            ne(orderLines.kind, "gift"),
          ),
        )
        .groupBy(orderLines.productId);
      return new Map(rows.map((r) => [r.productId, Number(r.units)]));
    },
    async byNo(orderNo: string, q: Db | Tx = db): Promise<Order | undefined> {
      return (await q.select().from(orders).where(eq(orders.orderNo, orderNo)))[0];
    },

    /** The order with its row locked until the caller's transaction ends. */
    async lockByNo(tx: Tx, orderNo: string): Promise<Order | undefined> {
      return (await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).for("update"))[0];
    },

    async byId(id: number): Promise<Order | undefined> {
      return (await db.select().from(orders).where(eq(orders.id, id)))[0];
    },

    /**
     * The order if the buyer may see it: their own as a member, or a guest order by the phone on it
     * (a member's order is read signed in, never by phone).
     */
    async findFor(buyer: Buyer, orderNo: string): Promise<Order> {
      const [o] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
      const byPhone = buyer.memberId === undefined && buyer.phone !== undefined && o?.receiverPhone === buyer.phone;
      if (o && byPhone && o.memberId !== null) throw forbidden("MEMBER_ORDER_SIGN_IN_REQUIRED", "此為會員訂單，請登入會員後查看");
      const mine = o && ((buyer.memberId !== undefined && o.memberId === buyer.memberId) || byPhone);
      if (!o || !mine) throw notFound("ORDER_NOT_FOUND", "查無此訂單，請確認訂單編號與手機號碼");
      return o;
    },

    linesOf: (orderId: number) => db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),

    eventsOf: (orderId: number) =>
      db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id)),

    refundsOf: (orderId: number) =>
      db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.seq)),

    /** One page of a shop's orders, newest first, by state and by order number, name or phone. */
    listForShop(shopId: number, filter: { status?: OrderStatus; keyword?: string }, page: number, perPage: number) {
      const where = and(
        eq(orders.shopId, shopId),
        filter.status ? eq(orders.status, filter.status) : undefined,
        orderKeyword(filter.keyword),
      );
      return pageOf(where, page, perPage);
    },

    /** One page of a member's orders, newest first. */
    listForMember(memberId: number, status: OrderStatus | undefined, page: number, perPage: number) {
      return pageOf(and(eq(orders.memberId, memberId), status ? eq(orders.status, status) : undefined), page, perPage);
    },

    /**
     * One page of any orders (the back office's filters), newest placed first (oldest first: the
     * pre-order queue, decision 96). By placing time, not id, so a state and a date range are one
     * seek of orders_status_created_idx at any size (issue 51); ids follow placing time anyway.
     */
    pageOf: (where: SQL | undefined, page: number, perPage: number, oldestFirst = false) =>
      pageOf(
        where,
        page,
        perPage,
        oldestFirst ? [asc(orders.createdAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)],
      ),

    /** Receivers and addresses of a member's recent home-delivery orders, newest first (checkout offers them again). */
    async pastAddresses(memberId: number) {
      const rows = await db
        .select({ name: orders.receiverName, phone: orders.receiverPhone, address: orders.address })
        .from(orders)
        .where(and(eq(orders.memberId, memberId), isNotNull(orders.address)))
        .orderBy(desc(orders.id))
        .limit(20);
      return rows.flatMap((r) => (r.address ? [{ name: r.name, phone: r.phone, address: r.address }] : []));
    },

    /** How many of a shop's orders are in each state. */
    /** Goods amounts of the shop's orders paid but not yet completed (their commission is still to come). */
    async openGoodsForShop(shopId: number): Promise<number[]> {
      const rows = await db
        .select({ goods: orders.goodsAmount })
        .from(orders)
        .where(and(eq(orders.shopId, shopId), inArray(orders.status, ["paid", "processing", "shipped", "delivered"])));
      return rows.map((r) => r.goods);
    },
    async countsForShop(shopId: number): Promise<Partial<Record<OrderStatus, number>>> {
      const rows = await db
        .select({ status: orders.status, n: count() })
        .from(orders)
        .where(eq(orders.shopId, shopId))
        .groupBy(orders.status);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },
  };
}

export type OrderQueries = ReturnType<typeof createOrderQueries>;
