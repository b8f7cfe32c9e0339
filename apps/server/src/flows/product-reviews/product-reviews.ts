import { formatDate, REVIEW_PHOTOS_MAX, type ReviewInput } from "@shop/contract";
import type { Db } from "../../db/client.js";
import { conflict, forbidden, notFound } from "../../lib/errors.js";
import type { CatalogueService } from "../../modules/catalogue/service.js";
import type { OrderQueries } from "../../modules/orders/queries.js";
import { maskName, type ReviewRow, type ReviewStatus, type ReviewsService } from "../../modules/reviews/service.js";
import type { Actor, AuditLog } from "../../modules/staff/audit.js";

/** Reviews are taken for this many days after delivery (decision 98). */
const REVIEW_WINDOW_DAYS = 90;
const DAY_MS = 86_400_000;

/** The photo folder of a member's review uploads (the contract's photo pattern matches it). */
export const reviewPhotoFolder = (memberId: number) => `reviews/${memberId}`;

/**
 * Product reviews across orders (who bought what, delivered when), reviews (the rows) and the
 * catalogue (the product's counters), decision 98. Approving adds the stars to the product and
 * hiding an approved review takes them off, in the transaction that locks the review row: the
 * counters move only when the status really changes, so approving twice counts once.
 */
export function createProductReviews(d: {
  db: Db;
  reviews: ReviewsService;
  catalogue: Pick<CatalogueService, "adjustRating" | "productNames">;
  orders: Pick<OrderQueries, "findFor" | "linesOf">;
  record: AuditLog["record"];
  now?: () => Date;
}) {
  const now = d.now ?? (() => new Date());
  const { reviews } = d;

  /** The member's order and, when delivered or completed, the last moment reviews are taken. */
  async function orderOf(memberId: number, orderNo: string) {
    const order = await d.orders.findFor({ memberId }, orderNo);
    const delivered = order.status === "delivered" || order.status === "completed";
    const since = order.deliveredAt ?? order.completedAt;
    const until = delivered && since ? new Date(since.getTime() + REVIEW_WINDOW_DAYS * DAY_MS) : null;
    return { order, until };
  }

  const publicView = (r: ReviewRow) => ({
    id: r.id,
    author: r.authorName,
    rating: r.rating,
    body: r.body,
    photos: r.photos,
    reply: r.reply,
    created_at: r.createdAt.toISOString(),
  });

  return {
    /** An order's lines and whether each may be reviewed, or its review. */
    async lines(memberId: number, orderNo: string) {
      const { order, until } = await orderOf(memberId, orderNo);
      const lines = await d.orders.linesOf(order.id);
      const done = new Map((await reviews.byLines(lines.map((l) => l.id))).map((r) => [r.orderLineId, r]));
      const open = until !== null && now() <= until;
      return {
        open_until: until ? formatDate(until) : null,
        lines: lines
          .filter((l) => l.kind !== "gift")
          .map((l) => {
            const r = done.get(l.id);
            return {
              order_line_id: l.id,
              product_id: l.productId,
              variant_id: l.variantId,
              name: l.name,
              variant_name: l.variantName,
              image: l.image,
              can_review: open && !r,
              review: r ? { rating: r.rating, body: r.body, photos: r.photos, status: r.status } : null,
            };
          }),
      };
    },

    /** A buyer's review of one line of their delivered order: pending until staff approve it. */
    async write(member: { id: number; name: string; nickname: string | null }, input: ReviewInput) {
      const { order, until } = await orderOf(member.id, input.order_no);
      if (!until) throw conflict("ORDER_NOT_DELIVERED", "訂單送達後才能評價商品");
      if (now() > until) throw conflict("REVIEW_WINDOW_CLOSED", `商品評價需於送達後 ${REVIEW_WINDOW_DAYS} 天內完成`);
      const line = (await d.orders.linesOf(order.id)).find((l) => l.id === input.order_line_id && l.kind !== "gift");
      if (!line) throw notFound("ORDER_LINE_NOT_FOUND", "此訂單沒有這件商品");
      if (line.refundedQty >= line.qty) throw conflict("ORDER_LINE_REFUNDED", "此商品已全數退貨退款，無法評價");
      const own = `/uploads/${reviewPhotoFolder(member.id)}/`;
      if (input.photos.some((p) => !p.startsWith(own)))
        throw forbidden("REVIEW_PHOTO_NOT_YOURS", "照片需由您本人上傳，請重新上傳");
      const photos = [...new Set(input.photos)].slice(0, REVIEW_PHOTOS_MAX);
      const row = await reviews.create({
        productId: line.productId,
        variantId: line.variantId,
        orderLineId: line.id,
        orderNo: order.orderNo,
        memberId: member.id,
        authorName: maskName(member.nickname || member.name),
        rating: input.rating,
        body: input.body,
        photos,
      });
      return publicView(row);
    },

    /** A product's approved reviews, newest first, with the average (one decimal) and count. */
    async forProduct(productId: number, page: number, perPage: number) {
      const { count, sum, items } = await reviews.approvedFor(productId, page, perPage);
      return {
        average: count > 0 ? Math.round((sum / count) * 10) / 10 : 0,
        count,
        page,
        per_page: perPage,
        items: items.map((r) => publicView(r)),
      };
    },

    async adminPage(filter: { status?: ReviewStatus; productId?: number }, page: number, perPage: number) {
      const { total, items } = await reviews.adminPage(filter, page, perPage);
      const names = await d.catalogue.productNames([...new Set(items.map((r) => r.productId))]);
      return { total, items: items.map((r) => adminView(r, names.get(r.productId) ?? "")) };
    },

    /** Approve or hide; the product's counters follow the change, in one transaction with the audit entry. */
    async moderate(actor: Actor, id: number, to: "approved" | "hidden") {
      const row = await d.db.transaction(async (tx) => {
        const before = await reviews.lock(tx, id);
        if (before.status === to) return before;
        const after = await reviews.setStatus(tx, id, to, now());
        const sign = to === "approved" ? 1 : before.status === "approved" ? -1 : 0;
        if (sign !== 0) await d.catalogue.adjustRating(tx, before.productId, { count: sign, sum: sign * before.rating });
        await d.record(tx, actor, {
          action: to === "approved" ? "review.approve" : "review.hide",
          entity: "review",
          entityId: id,
          before: { status: before.status },
          after: { status: to },
        });
        return after;
      });
      const names = await d.catalogue.productNames([row.productId]);
      return adminView(row, names.get(row.productId) ?? "");
    },

    /** The shop's reply shown under the review ("" removes it). */
    async reply(actor: Actor, id: number, text: string) {
      const row = await d.db.transaction(async (tx) => {
        const before = await reviews.lock(tx, id);
        const after = await reviews.setReply(tx, id, text, now());
        await d.record(tx, actor, {
          action: "review.reply",
          entity: "review",
          entityId: id,
          before: { reply: before.reply },
          after: { reply: after.reply },
        });
        return after;
      });
      const names = await d.catalogue.productNames([row.productId]);
      return adminView(row, names.get(row.productId) ?? "");
    },
  };
}

function adminView(r: ReviewRow, productName: string) {
  return {
    id: r.id,
    product_id: r.productId,
    product_name: productName,
    variant_id: r.variantId,
    order_no: r.orderNo,
    member_id: r.memberId,
    author: r.authorName,
    rating: r.rating,
    body: r.body,
    photos: r.photos,
    status: r.status,
    reply: r.reply,
    replied_at: r.repliedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

export type ProductReviews = ReturnType<typeof createProductReviews>;
