import { orderNoSchema, phoneSchema, z } from "@shop/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CapturingSmsSender } from "../../integrations/sms/index.js";
import { notFound } from "../../lib/errors.js";
import { ok } from "../../lib/http.js";
import type { OrdersService } from "../orders/service.js";

export function healthRoutes(driver: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/health", async () => ok({ db: driver }));
  };
}

/**
 * Only registered with TEST_MODE=1 (refused in production): lets e2e tests read captured SMS and
 * play the shop's staff on an order until the back office exists.
 */
export function testModeRoutes(sms: CapturingSmsSender, orders: OrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/test/sms/last", { schema: { querystring: z.object({ phone: phoneSchema }) } }, async (req) => {
      const message = sms.lastTo(req.query.phone);
      if (!message) throw notFound("沒有寄給此號碼的簡訊");
      return ok({ phone: message.phone, text: message.text, sent_at: message.sentAt.toISOString() });
    });
    app.post(
      "/test/orders/fulfil",
      {
        schema: {
          body: z.object({
            order_no: orderNoSchema,
            tracking_no: z.string().max(30).optional(),
            complete: z.boolean().optional(),
          }),
        },
      },
      async (req) => {
        const o = await orders.byNo(req.body.order_no);
        if (!o) throw notFound("找不到此訂單");
        if (o.status === "pending_payment") await orders.confirmPayment(o.orderNo, "staff:test");
        await orders.advance(o.orderNo, "processing", "staff:test");
        await orders.advance(o.orderNo, "shipped", "staff:test", req.body.tracking_no ?? "HCT000000001");
        if (req.body.complete) {
          await orders.advance(o.orderNo, "delivered", "staff:test");
          await orders.advance(o.orderNo, "completed", "staff:test");
        }
        return ok(null);
      },
    );
  };
}
