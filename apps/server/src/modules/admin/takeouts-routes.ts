import { shipInput, takeoutQuery } from "@shop/contract/admin";
import { answers, hctLabel, staffTakeout, staffTakeoutPage } from "@shop/contract/responses";
import type { FastifyRequest } from "fastify";
import { ok } from "../../lib/http.js";
import type { TakeoutFulfilment } from "../depot/takeout-fulfilment.js";
import type { StaffService } from "../staff/service.js";
import type { HctShippingDesk } from "./orders-routes.js";
import type { AdminApp, AdminRouteKit } from "./route-kit.js";
import { idParam } from "./route-kit.js";

/**
 * Back office: the cloud-depot pick-up queue — ship with an HCT consignment (label printed here) or
 * a tracking number typed in, mark delivered (apps/admin/src/takeouts.tsx).
 */
export function takeoutAdminRoutes(
  app: AdminApp,
  { actor, paged }: AdminRouteKit,
  services: { takeouts: TakeoutFulfilment; staff: StaffService; hctShipping: HctShippingDesk },
) {
  const audit = (req: FastifyRequest) => {
    const who = actor(req);
    return (tx: Parameters<StaffService["record"]>[0], change: Parameters<StaffService["record"]>[2]) =>
      services.staff.record(tx, who, change);
  };
  app.get("/admin/takeouts", { schema: { querystring: takeoutQuery, response: answers(staffTakeoutPage) } }, async (req) =>
    paged(await services.takeouts.queue(req.query.status, req.query.page, req.query.per_page)),
  );
  app.post(
    "/admin/takeouts/:id/ship",
    { schema: { params: idParam, body: shipInput, response: answers(staffTakeout) } },
    async (req) => ok(await services.takeouts.ship(req.params.id, req.body.tracking_no, audit(req)), "已出貨，並通知會員"),
  );
  app.post("/admin/takeouts/:id/hct_shipment", { schema: { params: idParam, response: answers(staffTakeout) } }, async (req) =>
    ok(await services.hctShipping.shipTakeout(actor(req), req.params.id), "已建立新竹物流託運單並出貨，並通知會員"),
  );
  app.get("/admin/takeouts/:id/hct_label", { schema: { params: idParam, response: answers(hctLabel) } }, async (req) =>
    ok(await services.hctShipping.takeoutLabel(req.params.id)),
  );
  app.post("/admin/takeouts/:id/deliver", { schema: { params: idParam, response: answers(staffTakeout) } }, async (req) =>
    ok(await services.takeouts.deliver(req.params.id, audit(req)), "已標記送達"),
  );
}
