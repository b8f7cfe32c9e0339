import { setBirthdayInput, z } from "@shop/contract";
import { answers } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import { type SessionGuards, sessionOf } from "../../plugins/session.js";
import type { MemberRewards } from "./member-rewards.js";

/** The member sets their birthday once (decision 95); the answer is the date kept. */
export function memberRewardRoutes(
  deps: { memberRewards: Pick<MemberRewards, "setBirthday"> },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/user/birthday",
      {
        preHandler: guards.requireMember,
        schema: { body: setBirthdayInput, response: answers(z.object({ birthday: z.string().nullable() })) },
      },
      async (req) => {
        const member = await deps.memberRewards.setBirthday(sessionOf(req).member.id, req.body.birthday);
        return ok({ birthday: member.birthday }, "生日已設定，生日當月將收到生日禮");
      },
    );
  };
}
