import { idSchema, orderNoSchema, phoneSchema, z } from "@shop/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CapturingSmsSender } from "../../integrations/sms/index.js";
import { notFound } from "../../lib/errors.js";
import { ok } from "../../lib/http.js";
import type { JobsService } from "../jobs/service.js";
import type { Payments } from "../orders/payments.js";
import type { OrderQueries } from "../orders/queries.js";
import type { OrderLifecycle } from "../orders/service.js";

/**
 * Liveness (`/health`: the process answers) and readiness (`/ready`: the database answers and the
 * instance is not draining). A load balancer sends traffic only to ready instances.
 */
export function healthRoutes(driver: string, ping: () => Promise<void>, draining: () => boolean): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/health", async () => ok({ db: driver }));
    app.get("/ready", async (_req, reply) => {
      if (draining()) return reply.code(503).send({ status: false, message: "服務即將關閉", data: { ready: false } });
      try {
        await ping();
        return ok({ ready: true, db: driver });
      } catch {
        return reply.code(503).send({ status: false, message: "資料庫暫時無法連線", data: { ready: false } });
      }
    });
  };
}

/**
 * Only registered with TEST_MODE=1 (refused in production): lets e2e tests read captured SMS and
 * play the shop's staff on an order until the back office exists.
 */
export function testModeRoutes(
  sms: CapturingSmsSender,
  orders: Pick<OrderQueries, "byNo"> & Pick<OrderLifecycle, "advance">,
  payments: Pick<Payments, "confirmOffline">,
  jobs: JobsService,
  integrity: () => Promise<Record<string, unknown[]>>,
): FastifyPluginAsyncZod {
  return async (app) => {
    // The reliability suite asks this after killing instances: every list must be empty.
    app.get("/test/integrity", async () => ok(await integrity()));
    // The multi-instance suite schedules a job on one instance and watches which one runs it.
    app.post(
      "/test/jobs",
      { schema: { body: z.strictObject({ run_in_s: z.number().int().min(0).max(60).default(0) }) } },
      async (req) => {
        const job = await jobs.enqueue("test.noop", {}, { runAt: new Date(Date.now() + req.body.run_in_s * 1000) });
        return ok({ id: job?.id, enqueued_by: jobs.instance });
      },
    );
    app.get("/test/jobs/:id", { schema: { params: z.object({ id: idSchema }) } }, async (req) => {
      const job = await jobs.get(req.params.id);
      if (!job) throw notFound("找不到此工作");
      return ok({ status: job.status, attempts: job.attempts, locked_by: job.lockedBy, instance: jobs.instance });
    });
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
        if (o.status === "pending_payment") await payments.confirmOffline(o.orderNo, "staff:test", "staff");
        await orders.advance(o.orderNo, "processing", "staff:test");
        await orders.advance(o.orderNo, "shipped", "staff:test", { trackingNo: req.body.tracking_no ?? "HCT000000001" });
        if (req.body.complete) {
          await orders.advance(o.orderNo, "delivered", "staff:test");
          await orders.advance(o.orderNo, "completed", "staff:test");
        }
        return ok(null);
      },
    );
  };
}
