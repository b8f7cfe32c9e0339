import { createHmac, timingSafeEqual } from "node:crypto";
import { orderNoSchema, z } from "@shop/contract";
import { messageOnly } from "@shop/contract/responses";
import type { FastifyPluginAsync } from "fastify";
import { badRequest, forbidden, isDomainError, notFound } from "../../lib/errors.js";
import { ok } from "../../lib/http.js";
import type { LogisticsService } from "../logistics/service.js";
import type { OrderQueries } from "./queries.js";
import type { OrderLifecycle } from "./types.js";

/**
 * Tracking pushed by the carrier. HCT publishes no API, so this is our adapter's
 * contract: JSON {order_no, tracking_no, events: [{at, status, location}], delivered}, signed with
 * `x-hct-signature: hex(HMAC-SHA256(HCT_NOTIFY_SECRET, raw body))`. Replays add nothing.
 */
const pushSchema = z.object({
  order_no: orderNoSchema,
  tracking_no: z.string().min(1).max(30),
  events: z
    .array(
      z.object({
        at: z.iso.datetime({ offset: true }),
        status: z.string().min(1).max(60),
        location: z.string().max(60).default(""),
      }),
    )
    .max(100),
  delivered: z.boolean().default(false),
});

export function signHctPush(secret: string, raw: string): string {
  return createHmac("sha256", secret).update(raw).digest("hex");
}

export function hctNotifyRoutes(
  deps: { orders: Pick<OrderQueries, "byNo"> & Pick<OrderLifecycle, "advance">; logistics: Pick<LogisticsService, "addEvent"> },
  secret: string | undefined,
): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => done(null, body));
    app.post("/logistics/hct/notify", { schema: { response: messageOnly } }, async (req) => {
      const raw = typeof req.body === "string" ? req.body : "";
      const given = String(req.headers["x-hct-signature"] ?? "");
      if (!secret) throw forbidden("NOTIFY_SECRET_NOT_SET", "未設定物流通知金鑰");
      // Compare bytes, not characters: a non-ASCII header has more bytes than characters.
      const givenBytes = Buffer.from(given);
      const expectedBytes = Buffer.from(signHctPush(secret, raw));
      if (givenBytes.length !== expectedBytes.length || !timingSafeEqual(givenBytes, expectedBytes)) {
        throw forbidden("INVALID_SIGNATURE", "簽章驗證失敗");
      }
      let parsed: z.infer<typeof pushSchema>;
      try {
        parsed = pushSchema.parse(JSON.parse(raw));
      } catch {
        throw badRequest("INVALID_NOTIFICATION", "物流通知格式錯誤");
      }
      const order = await deps.orders.byNo(parsed.order_no);
      if (!order || order.trackingNo !== parsed.tracking_no) throw notFound("ORDER_NOT_FOUND", "找不到此物流單號的訂單");
      for (const e of parsed.events) await deps.logistics.addEvent(order.orderNo, e.status, e.location, new Date(e.at));
      if (parsed.delivered && order.status === "shipped") {
        try {
          await deps.orders.advance(order.orderNo, "delivered", "provider:hct", { from: ["shipped"] });
        } catch (error) {
          // Delivered by another push (or by staff) meanwhile: a repeat adds nothing.
          if (!isDomainError(error, "ORDER_STATE_CHANGED")) throw error;
        }
      }
      return ok(null);
    });
  };
}
