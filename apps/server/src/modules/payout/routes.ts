import { bankAccountInput, walletApplyInput, z } from "@shop/contract";
import {
  answers,
  bankOption,
  branchOption,
  captchaSent,
  messageOnly,
  payoutAccountView,
  withdrawalsHome,
  withdrawalView,
} from "@shop/contract/responses";
import { BANKS, branchesOf } from "@shop/reference-data";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import type { SessionGuards } from "../../plugins/session.js";
import { sessionOf } from "../../plugins/session.js";
import type { ShopsService } from "../shops/service.js";
import type { PayoutService } from "./service.js";

export function payoutRoutes(
  services: { payout: PayoutService; shops: ShopsService },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  const { payout, shops } = services;
  return async (app) => {
    // Specification: a truthy status opens the bank modal (a signed-in seller with no payout account).
    app.post(
      "/supmall/isBank",
      { preHandler: guards.memberIfSignedIn, schema: { body: z.strictObject({}).nullish(), response: messageOnly } },
      async (req) => {
        const member = req.session?.member;
        const needed = Boolean(member && (await shops.ownedBy(member.id)) && !(await payout.get(member.id)));
        return { status: needed, message: needed ? "請設定收款銀行帳號" : "不需設定", data: null };
      },
    );
    app.post(
      "/supmall/updateBank",
      { preHandler: guards.requireMember, schema: { body: bankAccountInput, response: answers(payoutAccountView.nullable()) } },
      async (req) => {
        const member = sessionOf(req).member;
        const { holderMatches } = await payout.save(member, req.body);
        const said = holderMatches ? "收款帳號已儲存" : "收款帳號已儲存；戶名與會員姓名不同，提領時將由客服人工確認";
        return ok(await payout.view(member.id), said);
      },
    );
    // Ours: the code that proves a change of payout account is the member's own (decision 77).
    app.post(
      "/user/payout/code",
      {
        preHandler: guards.requireMember,
        config: { rateLimit: { max: 10, timeWindow: "1 hour" } },
        schema: { body: z.strictObject({}).nullish(), response: answers(captchaSent) },
      },
      async (req) => ok(await payout.sendChangeCode(sessionOf(req).member, req.ip), "驗證碼已傳送至您的手機"),
    );
    app.post(
      "/user/wallet/apply",
      { preHandler: guards.requireMember, schema: { body: walletApplyInput, response: answers(withdrawalView) } },
      async (req) => ok(await payout.apply(sessionOf(req).member, req.body.amount), "已送出提領申請"),
    );
    app.get(
      "/user/wallet/withdrawals",
      { preHandler: guards.requireMember, schema: { response: answers(withdrawalsHome) } },
      async (req) =>
        ok({
          rules: await payout.withdrawalRules(sessionOf(req).member.id),
          list: await payout.withdrawalsOf(sessionOf(req).member.id),
        }),
    );
    app.get(
      "/user/bank/get",
      { preHandler: guards.requireMember, schema: { response: answers(payoutAccountView.nullable()) } },
      async (req) => ok(await payout.view(sessionOf(req).member.id)),
    );

    // Ours: the reference lists for the modal's pickers (public, cached).
    app.get("/reference/banks", { config: { publicCache: true }, schema: { response: answers(z.array(bankOption)) } }, async () =>
      ok([...BANKS]),
    );
    app.get(
      "/reference/branches",
      {
        config: { publicCache: true },
        schema: {
          querystring: z.object({ bank_code: z.string().regex(/^\d{3}$/, { error: "銀行代碼為 3 碼" }) }),
          response: answers(z.array(branchOption)),
        },
      },
      async (req) => ok([...branchesOf(req.query.bank_code)]),
    );
  };
}
