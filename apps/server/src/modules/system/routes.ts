import { idSchema, orderNoSchema, phoneSchema, z } from "@shop/contract";
import {
  answers,
  envelope,
  health,
  integrityReport,
  messageOnly,
  notReady,
  readiness,
  testJobQueued,
  testJobState,
  testMessages,
  testSms,
} from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FakeLineMessaging } from "../../integrations/line/fake-messaging.js";
import type { LocalSmtp } from "../../integrations/mail/local-smtp.js";
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
    app.get("/health", { schema: { response: answers(health) } }, async () => ok({ db: driver }));
    app.get("/ready", { schema: { response: { ...answers(readiness), 503: envelope(notReady) } } }, async (_req, reply) => {
      if (draining()) return reply.code(503).send({ status: false, message: "服務即將關閉", data: { ready: false } });
      try {
        await ping();
        return ok({ ready: true as const, db: driver });
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
  orders: Pick<OrderQueries, "byNo"> &
    Pick<OrderLifecycle, "advance"> & { completeAfterAppraisalForTests(orderNo: string): Promise<number> },
  payments: Pick<Payments, "confirmOffline">,
  jobs: JobsService,
  integrity: () => Promise<Record<string, unknown[]>>,
  /** What the local message fakes received (absent when a real provider is configured). */
  fakes: { mailbox?: LocalSmtp["mailbox"]; line?: FakeLineMessaging["pushed"] } = {},
): FastifyPluginAsyncZod {
  return async (app) => {
    // e2e tests check who was told what, and that nobody was told twice.
    app.get(
      "/test/messages",
      { schema: { querystring: z.object({ q: z.string().min(1).max(60) }), response: answers(testMessages) } },
      async (req) => {
        const q = req.query.q;
        return ok({
          mail: (fakes.mailbox ?? [])
            .filter((m) => m.to.includes(q) || m.subject.includes(q) || m.text.includes(q))
            .map((m) => ({ to: m.to, subject: m.subject, text: m.text })),
          line: (fakes.line ?? []).filter((m) => m.to.includes(q) || m.text.includes(q)).map((m) => ({ to: m.to, text: m.text })),
          sms: sms.sent.filter((m) => m.phone.includes(q) || m.text.includes(q)).map((m) => ({ phone: m.phone, text: m.text })),
        });
      },
    );
    // The reliability suite asks this after killing instances: every list must be empty.
    app.get("/test/integrity", { schema: { response: answers(integrityReport) } }, async () => ok(await integrity()));
    // The multi-instance suite schedules a job on one instance and watches which one runs it.
    app.post(
      "/test/jobs",
      {
        schema: {
          body: z.strictObject({ run_in_s: z.number().int().min(0).max(60).default(0) }),
          response: answers(testJobQueued),
        },
      },
      async (req) => {
        const job = await jobs.enqueue("test.noop", {}, { runAt: new Date(Date.now() + req.body.run_in_s * 1000) });
        return ok({ id: job?.id, enqueued_by: jobs.instance });
      },
    );
    app.get(
      "/test/jobs/:id",
      { schema: { params: z.object({ id: idSchema }), response: answers(testJobState) } },
      async (req) => {
        const job = await jobs.get(req.params.id);
        if (!job) throw notFound("JOB_NOT_FOUND", "找不到此工作");
        return ok({ status: job.status, attempts: job.attempts, locked_by: job.lockedBy, instance: jobs.instance });
      },
    );
    app.get(
      "/test/sms/last",
      {
        schema: {
          // code=1: the last verification code only (an order's SMS may be delivered after it).
          querystring: z.object({ phone: phoneSchema, code: z.enum(["1"]).optional() }),
          response: answers(testSms),
        },
      },
      async (req) => {
        const message = sms.lastTo(req.query.phone, req.query.code ? /驗證碼為 \d{6}/ : undefined);
        if (!message) throw notFound("SMS_NOT_FOUND", "沒有寄給此號碼的簡訊");
        return ok({ phone: message.phone, text: message.text, sent_at: message.sentAt.toISOString() });
      },
    );
    // The e2e's clock: a delivered order's 鑑賞期 passes, and the hourly completion sweep runs.
    app.post(
      "/test/orders/after_appraisal",
      { schema: { body: z.object({ order_no: orderNoSchema }), response: answers(z.object({ completed: z.number() })) } },
      async (req) => ok({ completed: await orders.completeAfterAppraisalForTests(req.body.order_no) }),
    );
    app.post(
      "/test/orders/fulfil",
      {
        schema: {
          body: z.object({
            order_no: orderNoSchema,
            tracking_no: z.string().max(30).optional(),
            complete: z.boolean().optional(),
          }),
          response: messageOnly,
        },
      },
      async (req) => {
        const o = await orders.byNo(req.body.order_no);
        if (!o) throw notFound("ORDER_NOT_FOUND", "找不到此訂單");
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
