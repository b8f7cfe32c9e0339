import { z } from "@shop/contract";
import {
  reasonInput,
  returnApproveInput,
  returnQuery,
  returnReceiveInput,
  returnRefundInput,
  shipInput,
} from "@shop/contract/admin";
import { answers, staffReturn, staffReturnPage } from "@shop/contract/responses";
import type { FastifyRequest } from "fastify";
import type { ReturnsByCarrier } from "../../flows/returns-by-carrier/returns-by-carrier.js";
import { ok } from "../../lib/http.js";
import type { Returns } from "../orders/returns.js";
import { type StaffService, who } from "../staff/service.js";
import type { AdminApp, AdminRouteKit } from "./route-kit.js";
import { idParam } from "./route-kit.js";

/** Back office: buyers' return and exchange requests — approve, reject, receive, refund or reship (apps/admin/src/returns.tsx). */
export function returnAdminRoutes(
  app: AdminApp,
  { actor, paged }: AdminRouteKit,
  services: { returns: Returns; staff: StaffService; byCarrier: ReturnsByCarrier },
) {
  const { returns } = services;
  const acting = (req: FastifyRequest) => {
    const a = actor(req);
    return {
      who: who(a),
      audit: (tx: Parameters<StaffService["record"]>[0], change: Parameters<StaffService["record"]>[2]) =>
        services.staff.record(tx, a, change),
    };
  };
  app.get("/admin/returns", { schema: { querystring: returnQuery, response: answers(staffReturnPage) } }, async (req) =>
    paged(await returns.queue(req.query.status, req.query.page, req.query.per_page)),
  );
  app.post(
    "/admin/returns/:id/approve",
    { schema: { params: idParam, body: returnApproveInput, response: answers(staffReturn) } },
    async (req) => {
      const a = acting(req);
      const b = req.body;
      const r = await services.byCarrier.approve(req.params.id, a.who, a.audit, b.return_carrier, b.store_return_code);
      return ok(r, b.return_carrier ? "已核准並建立退貨寄件，已通知買家" : "已核准，並通知買家寄回");
    },
  );
  app.get(
    "/admin/returns/:id/default_carrier",
    { schema: { params: idParam, response: answers(z.object({ return_carrier: z.string().nullable() })) } },
    async (req) => ok({ return_carrier: await services.byCarrier.defaultCarrier(req.params.id) }),
  );
  app.post(
    "/admin/returns/:id/simulate_parcel",
    { schema: { params: idParam, response: answers(z.object({ sent: z.boolean() })) } },
    async (req) => {
      await services.byCarrier.simulateNext(req.params.id);
      return ok({ sent: true }, "已送出模擬的物流狀態");
    },
  );
  app.post(
    "/admin/returns/:id/reject",
    { schema: { params: idParam, body: reasonInput, response: answers(staffReturn) } },
    async (req) => {
      const a = acting(req);
      return ok(await returns.step("reject", req.params.id, a.who, a.audit, { note: req.body.reason }), "已退回申請，並通知買家");
    },
  );
  app.post(
    "/admin/returns/:id/receive",
    { schema: { params: idParam, body: returnReceiveInput, response: answers(staffReturn) } },
    async (req) => {
      const a = acting(req);
      const r = await returns.step("receive", req.params.id, a.who, a.audit, req.body);
      return ok(r, r.disposition === "write_off" ? "已確認收到退貨，商品列為瑕疵品" : "已確認收到退貨，商品將回庫存");
    },
  );
  app.post(
    "/admin/returns/:id/refund",
    { schema: { params: idParam, body: returnRefundInput, response: answers(staffReturn) } },
    async (req) => {
      const a = acting(req);
      const r = await returns.refund(req.params.id, a.who, a.audit, req.body.amount);
      return ok(r, r.disposition === "write_off" ? "已退款，商品列為瑕疵品，不回庫存" : "已退款，商品已回庫存");
    },
  );
  app.post(
    "/admin/returns/:id/reship",
    { schema: { params: idParam, body: shipInput, response: answers(staffReturn) } },
    async (req) => {
      const a = acting(req);
      return ok(await returns.reship(req.params.id, req.body.tracking_no, a.who, a.audit), "已寄出換貨商品，並通知買家");
    },
  );
}
