import type { Lang } from "@shop/contract";
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { restockRequests, variants } from "../../db/schema/index.js";
import { conflict } from "../../lib/errors.js";

/** Waiting 到貨通知 one contact may hold: enough for a wish list, not for flooding a phone. */
const MAX_WAITING_PER_CONTACT = 30;

export interface RestockAsk {
  variantId: number;
  shopId: number;
  memberId?: number;
  email?: string;
  phone?: string;
  /** The page's language: the message is written in it (decision 109). */
  lang?: Lang;
}

export type DueRestock = typeof restockRequests.$inferSelect;

/** 到貨通知 requests (decision 53): kept per variant and contact until stock is back and they are told. */
export function createRestockRequests(db: Db, now: () => Date) {
  return {
    /**
     * Records a request for a variant that is sold out (409 when it is not). Asking again while
     * waiting keeps one request, told in the mall and language of the latest ask. The variant row
     * is locked, so a restock committing meanwhile is seen either before (409) or after (the
     * request is told by the next sweep).
     */
    async ask(r: RestockAsk): Promise<void> {
      const contact = r.memberId ? `m:${r.memberId}` : r.email ? `e:${r.email.toLowerCase()}` : `p:${r.phone ?? ""}`;
      await db.transaction(async (tx) => {
        const [v] = await tx.select({ stock: variants.stock }).from(variants).where(eq(variants.id, r.variantId)).for("share");
        if (v && v.stock > 0) throw conflict("IN_STOCK", "這個規格目前有現貨，可以直接購買");
        const [waiting] = await tx
          .select({ n: count() })
          .from(restockRequests)
          .where(and(eq(restockRequests.contact, contact), isNull(restockRequests.notifiedAt)));
        if ((waiting?.n ?? 0) >= MAX_WAITING_PER_CONTACT) throw conflict("TOO_MANY_REQUESTS", "到貨通知已達 30 項上限");
        await tx
          .insert(restockRequests)
          .values({
            variantId: r.variantId,
            shopId: r.shopId,
            contact,
            memberId: r.memberId ?? null,
            email: r.memberId ? null : (r.email ?? null),
            phone: r.memberId || r.email ? null : (r.phone ?? null),
            lang: r.lang ?? "zh-TW",
            createdAt: now(),
          })
          // Asked again while waiting: told once, in the mall and language of the latest ask.
          .onConflictDoUpdate({
            target: [restockRequests.variantId, restockRequests.contact],
            targetWhere: isNull(restockRequests.notifiedAt),
            set: { lang: r.lang ?? "zh-TW", shopId: r.shopId },
          });
      });
    },

    /**
     * Waiting requests whose variant has stock again, locked for the caller's transaction (another
     * instance's sweep skips them), oldest first.
     */
    async claimDue(tx: Tx, limit: number): Promise<DueRestock[]> {
      return tx
        .select()
        .from(restockRequests)
        .where(
          and(
            isNull(restockRequests.notifiedAt),
            sql`exists (select 1 from ${variants} v where v.id = ${restockRequests}.variant_id and v.stock > 0)`,
          ),
        )
        .orderBy(asc(restockRequests.id))
        .limit(limit)
        .for("update", { skipLocked: true });
    },

    /** Variants with stock back and someone waiting (a plain read, before the sweep locks them). */
    async variantsDue(limit: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ variantId: restockRequests.variantId })
        .from(restockRequests)
        .innerJoin(variants, eq(variants.id, restockRequests.variantId))
        .where(and(isNull(restockRequests.notifiedAt), sql`${variants.stock} > 0`))
        .limit(limit);
      return rows.map((r) => r.variantId);
    },

    async markNotified(tx: Tx, ids: number[]) {
      if (ids.length > 0) await tx.update(restockRequests).set({ notifiedAt: now() }).where(inArray(restockRequests.id, ids));
    },
  };
}

export type RestockRequests = ReturnType<typeof createRestockRequests>;
