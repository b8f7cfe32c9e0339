import { phoneSchema, z } from "@shop/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CapturingSmsSender } from "../../integrations/sms/index.js";
import { notFound } from "../../lib/errors.js";
import { ok } from "../../lib/http.js";

export function healthRoutes(driver: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/health", async () => ok({ db: driver }));
  };
}

/** Only registered with TEST_MODE=1 (refused in production): lets e2e tests read captured SMS. */
export function testModeRoutes(sms: CapturingSmsSender): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/test/sms/last", { schema: { querystring: z.object({ phone: phoneSchema }) } }, async (req) => {
      const message = sms.lastTo(req.query.phone);
      if (!message) throw notFound("沒有寄給此號碼的簡訊");
      return ok({ phone: message.phone, text: message.text, sent_at: message.sentAt.toISOString() });
    });
  };
}
