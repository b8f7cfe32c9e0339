import type { StoreResult } from "@shop/contract";
import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { idempotencyKeys } from "../../db/schema/index.js";
import { conflict, unprocessable } from "../../lib/errors.js";

/** How long twins wait for the first request's answer (a card charge may take up to 30 s). */
const WAIT_MS = 35_000;
/** A claim with no order after this long belongs to a request that died: another may take it. */
const LEASE_MS = 60_000;
/** A claim with an order but no answer after this long: its holder died while paying; answer from the order. */
const ANSWER_MS = 45_000;
const POLL_MS = 25;

export interface IdempotencyClaim {
  scopeKey: string;
  requestHash: string;
  /** Derived from the cart's content (no Idempotency-Key was sent). */
  implicit: boolean;
}

/**
 * One order per request, however often it arrives (decision 30): the first arrival claims the key
 * before doing anything; twins find the claim and wait for the same answer. A claim whose holder
 * failed before creating the order is released, so a retry runs again; a claim whose holder died
 * is taken over after a lease.
 */
export function createIdempotency(
  db: Db,
  answerFromOrder: (orderNo: string) => Promise<StoreResult | undefined>,
  now = () => new Date(),
) {
  async function read(scopeKey: string) {
    return (await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scopeKey, scopeKey)))[0];
  }

  return {
    /** `owned` when this request must do the work; else the answer of the request that did. */
    async claim(c: IdempotencyClaim): Promise<{ owned: true; claimId: number } | { owned: false; answer: StoreResult }> {
      const started = Date.now();
      for (;;) {
        const inserted = await db
          .insert(idempotencyKeys)
          .values({ scopeKey: c.scopeKey, requestHash: c.requestHash, orderNo: null, createdAt: now() })
          .onConflictDoNothing()
          .returning({ id: idempotencyKeys.id });
        if (inserted[0]) return { owned: true, claimId: inserted[0].id };
        const row = await read(c.scopeKey);
        if (!row) continue; // released between our insert and read: try again
        if (row.requestHash !== c.requestHash) {
          if (!c.implicit) throw unprocessable("IDEMPOTENCY_KEY_REUSED", "此 Idempotency-Key 已用於另一筆不同內容的訂單");
          throw conflict(
            "CART_CHECKED_OUT_ELSEWHERE",
            row.orderNo
              ? `這些商品已在另一筆訂單（${row.orderNo}）結帳，請重新整理購物車`
              : "這些商品正在另一個視窗結帳，請稍候再重新整理購物車",
            { order_no: row.orderNo },
          );
        }
        if (row.response) return { owned: false, answer: row.response as StoreResult };
        const waited = Date.now() - started;
        const age = now().getTime() - row.createdAt.getTime();
        if (row.orderNo && (waited > WAIT_MS || age > ANSWER_MS)) {
          // The first request died while charging: answer from the order as it stands.
          const answer = await answerFromOrder(row.orderNo);
          if (answer) return { owned: false, answer };
        }
        if (!row.orderNo && age > LEASE_MS) {
          await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, row.id), isNull(idempotencyKeys.orderNo)));
          continue;
        }
        if (waited > WAIT_MS) throw conflict("ORDER_IN_PROGRESS", "訂單處理中，請稍後再試");
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    },

    /** In the order's transaction: the claim now names its order — unless it was taken over meanwhile (409, nothing is created). */
    async attach(tx: Tx, claimId: number, orderNo: string) {
      const mine = await tx
        .update(idempotencyKeys)
        .set({ orderNo })
        .where(and(eq(idempotencyKeys.id, claimId), isNull(idempotencyKeys.orderNo)))
        .returning({ id: idempotencyKeys.id });
      if (mine.length === 0) throw conflict("ORDER_IN_PROGRESS", "訂單處理中，請稍後再試");
    },

    async answer(scopeKey: string, response: StoreResult) {
      await db.update(idempotencyKeys).set({ response }).where(eq(idempotencyKeys.scopeKey, scopeKey));
    },

    /** The holder failed before an order existed: let the next attempt run. */
    async release(claimId: number) {
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, claimId), isNull(idempotencyKeys.orderNo)));
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
