import { z } from "@shop/contract";
import { raw } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import type { FakeEcpayLogistics } from "../../integrations/ecpay/fake-logistics.js";
import { acceptFormPosts } from "../../lib/form.js";
import type { CvsShipping } from "./cvs-shipping.js";

/**
 * ECPay's logistics status push (ServerReplyURL, form-encoded, answered exactly `1|OK`), and in
 * 測試模式 the simulator's printable labels, which the staff browser posts to like ECPay's.
 */
export function cvsShippingRoutes(
  deps: { cvsShipping: Pick<CvsShipping, "statusPush"> },
  simulator?: FakeEcpayLogistics,
): FastifyPluginAsyncZod {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    acceptFormPosts(app);
    const formBody = z.record(z.string(), z.string().max(500));
    app.post(
      "/ecpay/logistics/notify",
      { schema: { body: formBody, response: raw("text/plain", "`1|OK`, what ECPay expects once a push is recorded") } },
      async (req, reply) => {
        await deps.cvsShipping.statusPush(req.body);
        return reply.type("text/plain; charset=utf-8").send("1|OK");
      },
    );
    if (simulator) {
      app.post(
        "/ecpay/simulator/Express/:print",
        {
          schema: {
            params: z.object({ print: z.string().regex(/^Print\w+C2COrderInfo$/, { error: "找不到此頁面" }) }),
            body: formBody,
            response: raw("text/html", "測試模式的超商寄件單"),
          },
        },
        async (req, reply) => {
          const r = simulator.handle(`/Express/${req.params.print}`, req.body);
          return reply
            .code(r.status as 200)
            .type(r.type)
            .send(r.body);
        },
      );
      // The 託運單 (home) and B2C 一段標, as ECPay's printTradeDocument answers them.
      app.post(
        "/ecpay/simulator/helper/printTradeDocument",
        { schema: { body: formBody, response: raw("text/html", "測試模式的託運單或一段標") } },
        async (req, reply) => {
          const r = simulator.handle("/helper/printTradeDocument", req.body);
          return reply
            .code(r.status as 200)
            .type(r.type)
            .send(r.body);
        },
      );
    }
  };
}
