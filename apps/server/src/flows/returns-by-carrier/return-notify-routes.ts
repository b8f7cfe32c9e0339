import { z } from "@shop/contract";
import { raw } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { acceptFormPosts } from "../../lib/form.js";
import type { ReturnsByCarrier } from "./returns-by-carrier.js";

/** ECPay's status push for a return parcel (ServerReplyURL `?return=<id>`, answered exactly `1|OK`, decision 91). */
export function returnNotifyRoutes(deps: { returnsByCarrier: Pick<ReturnsByCarrier, "push"> }): FastifyPluginAsyncZod {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    acceptFormPosts(app);
    app.post(
      "/ecpay/logistics/return-notify",
      {
        schema: {
          querystring: z.object({
            return: z.coerce
              .number({ error: "退貨編號不正確" })
              .int()
              .positive({ error: "退貨編號不正確" })
              .max(2_147_483_647, { error: "退貨編號不正確" }),
            sig: z.string().max(64).default(""),
          }),
          body: z.record(z.string(), z.string().max(500)),
          response: raw("text/plain", "`1|OK`, what ECPay expects once a push is recorded"),
        },
      },
      async (req, reply) => {
        await deps.returnsByCarrier.push(req.query.return, req.query.sig, req.body);
        return reply.type("text/plain; charset=utf-8").send("1|OK");
      },
    );
  };
}
