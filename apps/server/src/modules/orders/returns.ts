import type { ReturnStatus } from "@shop/contract";
import { count, desc, eq, inArray, notInArray } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { orders, returnRequests } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { moveParcel } from "./return-parcels.js";
import {
  type Audit,
  type ReturnAsker,
  type ReturnRequestInput,
  type ReturnStep,
  type ReturnsContext,
  refundReturn,
  requestReturn,
  reshipReturn,
  returnView,
  type StepOptions,
  type Stepped,
  staffView,
  stepReturn,
  withRequest,
} from "./return-steps.js";

/** Claims a carrier code for a subject inside the caller's transaction: true once, false for a replay. */
export type ClaimCode = (tx: Tx, subject: string, code: string, at: Date) => Promise<boolean>;

/** Requests still being handled (the back office's 處理中). */
const OPEN: ReturnStatus[] = ["requested", "approved", "received"];

/**
 * Returns (退貨) and exchanges (換貨) within the appraisal period after delivery (decision 37): a
 * member asks, staff approve or reject, receive the goods and refund them — the refund is the
 * order's own (units back to stock, money back the way it was paid), in the same transaction as
 * the request's last step — or, for an exchange, send the same items again (the returned units
 * back into stock, the replacements out of it, in one transaction). Every step locks the order row
 * first, then reads the request, so rival steps serialise. The steps are in return-steps.ts.
 */
export function createReturns(deps: Omit<ReturnsContext, "now"> & { now?: () => Date }) {
  const { db } = deps;
  const d: ReturnsContext = { ...deps, now: deps.now ?? (() => new Date()) };
  // Read after the step's transaction has committed (the embedded database has one connection).
  const seen = (s: Stepped) => staffView(d, s.row, s.orderNo, s.address);

  return {
    /** A buyer (a member, or a guest after the SMS check) asks to return or exchange units of a delivered order. */
    request: (asker: ReturnAsker, input: ReturnRequestInput) => requestReturn(d, asker, input),
    /** Staff approve, reject (with the reason the buyer reads) or receive the goods (restock or write-off). */
    step: async (kind: ReturnStep, id: number, actor: string, audit: Audit, opts: StepOptions = {}) =>
      seen(await stepReturn(d, kind, id, actor, audit, opts)),
    /** The received goods are refunded (`amount` NT$, at most their refundable value), with the request closed. */
    refund: async (id: number, actor: string, audit: Audit, amount?: number) =>
      seen(await refundReturn(d, id, actor, audit, amount)),
    /** An exchange's replacement parcel leaves (the returned units back into stock, the same units out). */
    reship: async (id: number, trackingNo: string, actor: string, audit: Audit) =>
      seen(await reshipReturn(d, id, trackingNo, actor, audit)),

    async latestFor(orderId: number) {
      const [found] = await db
        .select({ r: returnRequests, shopId: orders.shopId })
        .from(returnRequests)
        .innerJoin(orders, eq(orders.id, returnRequests.orderId))
        .where(eq(returnRequests.orderId, orderId))
        .orderBy(desc(returnRequests.id))
        .limit(1);
      if (!found) return null;
      return returnView(found.r, found.r.status === "approved" ? await d.returnAddress(found.shopId) : "");
    },

    async queue(status: ReturnStatus | "open" | "closed" | undefined, page: number, perPage: number) {
      const where =
        status === "open"
          ? inArray(returnRequests.status, OPEN)
          : status === "closed"
            ? notInArray(returnRequests.status, OPEN)
            : status
              ? eq(returnRequests.status, status)
              : undefined;
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(returnRequests).where(where),
        db
          .select({ r: returnRequests, orderNo: orders.orderNo, shopId: orders.shopId })
          .from(returnRequests)
          .innerJoin(orders, eq(orders.id, returnRequests.orderId))
          .where(where)
          .orderBy(desc(returnRequests.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
      ]);
      return {
        total: total?.n ?? 0,
        items: await Promise.all(
          rows.map(async ({ r, orderNo, shopId }) =>
            staffView(d, r, orderNo, r.status === "approved" ? await d.returnAddress(shopId) : ""),
          ),
        ),
      };
    },

    /** What booking a return parcel needs: the request's state and its order's receiver, address and ship method. */
    async bookingOf(id: number) {
      const [found] = await db
        .select({ r: returnRequests, o: orders })
        .from(returnRequests)
        .innerJoin(orders, eq(orders.id, returnRequests.orderId))
        .where(eq(returnRequests.id, id));
      if (!found) throw notFound("RETURN_NOT_FOUND", "找不到此退換貨申請");
      return found;
    },

    /**
     * A carrier's status push for the return parcel (decision 91): once per code (`claim` inserts it
     * in this transaction), moving the parcel forward and writing the order's history.
     */
    parcelPush: (id: number, code: string, to: "in_transit" | "back" | null, message: string, claim: ClaimCode) =>
      withRequest(d, id, async (tx, o, r) => {
        if (!(await claim(tx, `return:${id}`, code, d.now()))) return false;
        if (to) await moveParcel(tx, r, to, d.now());
        await d.lifecycle.event(tx, o.id, o.status, o.status, "provider:ecpay", `退貨包裹：${message}`.slice(0, 200));
        return true;
      }),

    /** Requests waiting for staff (the dashboard's 今日待辦): new ones, and goods received but not refunded. */
    async waiting() {
      const [a] = await db.select({ n: count() }).from(returnRequests).where(eq(returnRequests.status, "requested"));
      const [b] = await db.select({ n: count() }).from(returnRequests).where(eq(returnRequests.status, "received"));
      return (a?.n ?? 0) + (b?.n ?? 0);
    },
  };
}

export type Returns = ReturnType<typeof createReturns>;
