import { restockNotifyInput, z } from "@shop/contract";
import { answers } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fieldError } from "../../lib/errors.js";
import { ok } from "../../lib/http.js";
import { pageLangOf } from "../../lib/page-lang.js";
import type { AuthService } from "../../modules/auth/service.js";
import type { SessionGuards } from "../../plugins/session.js";
import type { RestockNotices } from "./restock-notices.js";

/**
 * 到貨通知 sign-up on a product page (decision 53): rate-limited, since it leads to e-mail and SMS.
 * A visitor's phone is proven with a code first (decision 77), so nobody can sign a stranger up
 * for texts: the code itself goes out under the per-phone and per-address SMS limits.
 */
export function restockRoutes(
  deps: { restock: Pick<RestockNotices, "ask" | "check">; codes: AuthService["codes"]; brandName: string },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/product/restock_notify",
      {
        preHandler: guards.memberIfSignedIn,
        config: { rateLimit: { max: 20, timeWindow: "1 hour" } },
        schema: { body: restockNotifyInput, response: answers(z.object({ needs_code: z.boolean() })) },
      },
      async (req) => {
        const { variant_id, shop_id, email, phone, code } = req.body;
        const memberId = req.session?.member.id;
        const lang = pageLangOf(req.headers);
        if (!memberId && !email && !phone) throw fieldError("email", "請留下電子郵件或手機號碼，到貨時通知您");
        const byPhone = !memberId && !email && phone;
        if (byPhone && !code) {
          await deps.restock.check({ variantId: variant_id, shopId: shop_id });
          const text =
            lang === "en"
              ? (c: string) =>
                  `[${deps.brandName}] Your code for the back-in-stock alert is ${c}, valid for 10 minutes. If you did not ask for it, ignore this message.`
              : (c: string) => `【${deps.brandName}】您的到貨通知驗證碼為 ${c}，10 分鐘內有效。若非本人登記請忽略。`;
          await deps.codes.send(phone, req.ip, text, "restock");
          return ok({ needs_code: true }, "驗證碼已傳送至您的手機，輸入後即完成登記");
        }
        if (byPhone && code) await deps.codes.consume(phone, code, "restock");
        await deps.restock.ask({ variantId: variant_id, shopId: shop_id, memberId, email, phone, lang });
        return ok({ needs_code: false }, "已登記到貨通知，商品到貨時會通知您");
      },
    );
  };
}
