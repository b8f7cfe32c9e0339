import { closeAccountInput, personalDataExportQuery, z } from "@shop/contract";
import { answers, captchaSent, messageOnly, personalDataOverview, raw } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import type { SessionGuards } from "../../plugins/session.js";
import { sessionOf } from "../../plugins/session.js";
import type { PersonalData } from "./personal-data.js";

/** The member's 個人資料 page (/member/privacy): their copy of it, and closing the account (decision 78). */
export function personalDataRoutes(
  deps: { personalData: Pick<PersonalData, "overview" | "export" | "sendCode" | "close"> },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  const { personalData } = deps;
  const member = { preHandler: guards.requireMember };
  return async (app) => {
    app.get("/user/personal_data", { ...member, schema: { response: answers(personalDataOverview) } }, async (req) =>
      ok(await personalData.overview(sessionOf(req).member)),
    );
    app.get(
      "/user/personal_data/export",
      {
        ...member,
        // A whole copy is a heavy read: a few an hour is plenty for anyone.
        config: { rateLimit: { max: 10, timeWindow: "1 hour" } },
        schema: {
          querystring: personalDataExportQuery,
          response: raw("application/json or text/csv", "everything the shop holds about the member, as one file"),
        },
      },
      async (req, reply) => {
        const { member: m } = sessionOf(req);
        const format = req.query.format;
        const body = await personalData.export(m.id, format, req.ip);
        const day = new Date().toISOString().slice(0, 10).replaceAll("-", "");
        return reply
          .header("content-type", format === "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="personal-data-${m.id}-${day}.${format}"`)
          .header("cache-control", "private, no-store")
          .send(body);
      },
    );
    app.post(
      "/user/personal_data/close_code",
      {
        ...member,
        config: { rateLimit: { max: 5, timeWindow: "1 hour" } },
        schema: { body: z.strictObject({}).nullish(), response: answers(captchaSent) },
      },
      async (req) => ok(await personalData.sendCode(sessionOf(req).member, req.ip), "驗證碼已發送至您的手機"),
    );
    app.post(
      "/user/personal_data/close",
      { ...member, schema: { body: closeAccountInput, response: messageOnly } },
      async (req) => {
        await personalData.close(sessionOf(req).member, req.body, req.ip);
        return ok(null, "您的帳號已註銷，感謝您曾經的支持");
      },
    );
  };
}
