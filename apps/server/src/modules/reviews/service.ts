import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { productReviews } from "../../db/schema/index.js";
import { conflict, isUniqueViolation, notFound } from "../../lib/errors.js";

export type ReviewStatus = "pending" | "approved" | "hidden";
export type ReviewRow = typeof productReviews.$inferSelect;

/** 王小明 → 王**; a one-character name keeps its character and one mask. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return "會員";
  return `${chars[0]}${"*".repeat(Math.max(1, Math.min(chars.length - 1, 2)))}`;
}

/**
 * Product reviews (decision 98): one per order line (unique index), shown once staff approve it.
 * The product's counters live in the catalogue; the flow in flows/product-reviews keeps them in step.
 */
export function createReviewsService(db: Db) {
  return {
    async create(
      input: Omit<typeof productReviews.$inferInsert, "id" | "status" | "reply" | "repliedAt" | "createdAt" | "updatedAt">,
    ): Promise<ReviewRow> {
      try {
        const [row] = await db.insert(productReviews).values(input).returning();
        if (!row) throw new Error("review insert returned nothing");
        return row;
      } catch (error) {
        if (isUniqueViolation(error, "product_reviews_line_key"))
          throw conflict("REVIEW_EXISTS", "這件商品已經評價過了，每件商品只能評價一次");
        throw error;
      }
    },

    /** The reviews of some order lines (the buyer's own order page). */
    byLines: (lineIds: number[]) =>
      lineIds.length === 0
        ? Promise.resolve([])
        : db.select().from(productReviews).where(inArray(productReviews.orderLineId, lineIds)),

    /** A product's approved reviews, newest first, with their count and average. */
    async approvedFor(productId: number, page: number, perPage: number) {
      const shown = and(eq(productReviews.productId, productId), eq(productReviews.status, "approved"));
      const [[agg], items] = await Promise.all([
        db
          .select({ n: count(), sum: sql<number>`coalesce(sum(${productReviews.rating}), 0)::int` })
          .from(productReviews)
          .where(shown),
        db
          .select()
          .from(productReviews)
          .where(shown)
          .orderBy(desc(productReviews.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
      ]);
      return { count: agg?.n ?? 0, sum: agg?.sum ?? 0, items };
    },

    async adminPage(filter: { status?: ReviewStatus; productId?: number }, page: number, perPage: number) {
      const where = and(
        filter.status ? eq(productReviews.status, filter.status) : undefined,
        filter.productId ? eq(productReviews.productId, filter.productId) : undefined,
      );
      const [[total], items] = await Promise.all([
        db.select({ n: count() }).from(productReviews).where(where),
        db
          .select()
          .from(productReviews)
          .where(where)
          .orderBy(desc(productReviews.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
      ]);
      return { total: total?.n ?? 0, items };
    },

    async get(id: number, q: Db | Tx = db): Promise<ReviewRow> {
      const [row] = await q.select().from(productReviews).where(eq(productReviews.id, id));
      if (!row) throw notFound("REVIEW_NOT_FOUND", "找不到此評價");
      return row;
    },

    /** The review, locked for the rest of the transaction (moderation changes counters from what it reads). */
    async lock(tx: Tx, id: number): Promise<ReviewRow> {
      const [row] = await tx.select().from(productReviews).where(eq(productReviews.id, id)).for("update");
      if (!row) throw notFound("REVIEW_NOT_FOUND", "找不到此評價");
      return row;
    },

    async setStatus(tx: Tx, id: number, status: ReviewStatus, at: Date): Promise<ReviewRow> {
      const [row] = await tx.update(productReviews).set({ status, updatedAt: at }).where(eq(productReviews.id, id)).returning();
      if (!row) throw notFound("REVIEW_NOT_FOUND", "找不到此評價");
      return row;
    },

    async setReply(tx: Tx, id: number, reply: string, at: Date): Promise<ReviewRow> {
      const [row] = await tx
        .update(productReviews)
        .set({ reply: reply === "" ? null : reply, repliedAt: reply === "" ? null : at, updatedAt: at })
        .where(eq(productReviews.id, id))
        .returning();
      if (!row) throw notFound("REVIEW_NOT_FOUND", "找不到此評價");
      return row;
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
