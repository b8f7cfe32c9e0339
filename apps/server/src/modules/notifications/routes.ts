import { idSchema, pageQuerySchema, z } from "@shop/contract";
import { answers, noticeTabCounts, notificationPage, notifyChannels } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import type { SessionGuards } from "../../plugins/session.js";
import { sessionOf } from "../../plugins/session.js";
import type { NotificationsService } from "./service.js";

export function notificationRoutes(
  services: { notifications: NotificationsService },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/user/systemTabNotice",
      { preHandler: guards.requireMember, schema: { response: answers(noticeTabCounts) } },
      async (req) => ok(await services.notifications.tabCounts(sessionOf(req).member.id)),
    );
    app.post(
      "/user/notice/read",
      {
        preHandler: guards.requireMember,
        schema: { body: z.strictObject({ ids: z.array(idSchema).max(100).optional() }), response: answers(noticeTabCounts) },
      },
      async (req) => {
        await services.notifications.markRead(sessionOf(req).member.id, req.body.ids);
        return ok(await services.notifications.tabCounts(sessionOf(req).member.id));
      },
    );
    app.get(
      "/user/notify_channels",
      { preHandler: guards.requireMember, schema: { response: answers(notifyChannels) } },
      async (req) => ok(await services.notifications.channels(sessionOf(req).member.id)),
    );
    app.post(
      "/user/notify_channels",
      {
        preHandler: guards.requireMember,
        schema: {
          body: z.strictObject({
            line: z.boolean({ error: "請選擇是否以 LINE 通知" }),
            email: z.boolean({ error: "請選擇是否以電子郵件通知" }),
            cart_reminders: z.boolean({ error: "請選擇是否接收購物車提醒" }).optional(),
          }),
          response: answers(notifyChannels),
        },
      },
      async (req) => ok(await services.notifications.setChannels(sessionOf(req).member.id, req.body), "已更新通知方式"),
    );
    app.post(
      "/notification/search",
      {
        preHandler: guards.requireMember,
        schema: { body: pageQuerySchema.strict().nullish(), response: answers(notificationPage) },
      },
      async (req) =>
        ok(await services.notifications.search(sessionOf(req).member.id, req.body?.page ?? 1, req.body?.per_page ?? 20)),
    );
  };
}
