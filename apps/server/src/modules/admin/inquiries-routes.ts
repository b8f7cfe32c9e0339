import { inquiryQuery, inquiryReplyInput, inquiryUpdateInput } from "@shop/contract/admin";
import { adminInquiryDetail, adminInquiryPage, answers } from "@shop/contract/responses";
import type { FastifyRequest } from "fastify";
import { ok } from "../../lib/http.js";
import type { StaffService } from "../staff/service.js";
import type { SupportService } from "../support/service.js";
import type { AdminApp, AdminRouteKit } from "./route-kit.js";
import { idParam } from "./route-kit.js";

/** Back office: the inquiry inbox — read, assign, reply by e-mail, close (apps/admin/src/inquiries.tsx). */
export function inquiryAdminRoutes(
  app: AdminApp,
  { actor, paged }: AdminRouteKit,
  services: { support: SupportService; staff: StaffService },
) {
  const { support } = services;
  /** The staff member acting, and their audit entry written with the change. */
  const act = (req: FastifyRequest) => {
    const who = actor(req);
    return {
      staff: who.staff,
      audit: (tx: Parameters<StaffService["record"]>[0], change: Parameters<StaffService["record"]>[2]) =>
        services.staff.record(tx, who, change),
    };
  };
  app.get("/admin/inquiries", { schema: { querystring: inquiryQuery, response: answers(adminInquiryPage) } }, async (req) =>
    paged(await support.inbox(req.query, req.query.page, req.query.per_page)),
  );
  app.get("/admin/inquiries/:id", { schema: { params: idParam, response: answers(adminInquiryDetail) } }, async (req) =>
    ok(await support.detail(req.params.id)),
  );
  app.post(
    "/admin/inquiries/:id/reply",
    { schema: { params: idParam, body: inquiryReplyInput, response: answers(adminInquiryDetail) } },
    async (req) => ok(await support.reply(act(req), req.params.id, req.body.body), "已回覆，並以電子郵件寄給詢問者"),
  );
  app.put(
    "/admin/inquiries/:id",
    { schema: { params: idParam, body: inquiryUpdateInput, response: answers(adminInquiryDetail) } },
    async (req) => ok(await support.update(act(req), req.params.id, req.body), "已更新"),
  );
}
