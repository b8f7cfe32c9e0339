import { Readable } from "node:stream";
import { bulkShipInput, orderListQuery, reasonInput, refundInput, shipInput } from "@shop/contract/admin";
import {
  answers,
  binary,
  bulkShipResult,
  cvsLabelForm,
  type HctLabel,
  hctLabel,
  type StaffOrder,
  type StaffTakeout,
  simulatedLogisticsStatus,
  staffOrder,
  staffOrderPage,
} from "@shop/contract/responses";
import { ok } from "../../lib/http.js";
import type { Actor } from "../staff/service.js";
import type { AdminApp, AdminRouteKit } from "./route-kit.js";
import { orderParam } from "./route-kit.js";
import type { AdminService } from "./service.js";

/** 超商寄件 as the back office sees it (the use case is apps/server/src/flows/store-pickup/cvs-shipping.ts). */
export interface CvsShippingDesk {
  createAndShip(actor: Actor, orderNo: string): Promise<StaffOrder>;
  labelForm(orderNo: string): Promise<{ action: string; fields: Record<string, string> }>;
  /** 測試模式: the shipment's next simulated ECPay status, pushed through the verified path. */
  simulateNext(orderNo: string): Promise<{ code: string; message: string }>;
}

/** 新竹物流寄件 as the back office sees it (the use case is apps/server/src/flows/home-delivery/hct-shipping.ts). */
export interface HctShippingDesk {
  shipOrder(actor: Actor, orderNo: string): Promise<StaffOrder>;
  orderLabel(orderNo: string): Promise<HctLabel>;
  shipTakeout(actor: Actor, id: number): Promise<StaffTakeout>;
  takeoutLabel(id: number): Promise<HctLabel>;
}

/** Back office: the order queue and its actions (apps/admin/src/orders.tsx). */
export function orderAdminRoutes(
  app: AdminApp,
  { actor, paged }: AdminRouteKit,
  services: { admin: AdminService; cvsShipping: CvsShippingDesk; hctShipping: HctShippingDesk },
) {
  const { admin, cvsShipping, hctShipping } = services;
  app.get("/admin/orders", { schema: { querystring: orderListQuery, response: answers(staffOrderPage) } }, async (req) =>
    paged(await admin.orders(req.query, req.query.page, req.query.per_page)),
  );
  app.get(
    "/admin/orders.csv",
    {
      schema: {
        querystring: orderListQuery,
        response: binary("text/csv", "every matching order for a spreadsheet, newest first, UTF-8 with a BOM, streamed"),
      },
    },
    async (req, reply) => {
      reply.header("content-type", "text/csv; charset=utf-8");
      reply.header("content-disposition", `attachment; filename="orders.csv"`);
      // Streamed: the next batch is read when the socket took the last; no cap (issue 51).
      return reply.send(Readable.from(admin.ordersCsv(req.query), { highWaterMark: 1 }));
    },
  );
  app.get("/admin/orders/:no", { schema: { params: orderParam, response: answers(staffOrder) } }, async (req) =>
    ok(await admin.order(req.params.no)),
  );
  app.post("/admin/orders/:no/confirm_payment", { schema: { params: orderParam, response: answers(staffOrder) } }, async (req) =>
    ok(await admin.confirmPayment(actor(req), req.params.no), "已確認收款"),
  );
  app.post(
    "/admin/orders/:no/ship",
    { schema: { params: orderParam, body: shipInput, response: answers(staffOrder) } },
    async (req) => ok(await admin.ship(actor(req), req.params.no, req.body.tracking_no), "已出貨"),
  );
  app.post("/admin/orders/:no/cvs_shipment", { schema: { params: orderParam, response: answers(staffOrder) } }, async (req) =>
    ok(await cvsShipping.createAndShip(actor(req), req.params.no), "已建立寄件單並出貨"),
  );
  app.get("/admin/orders/:no/cvs_label", { schema: { params: orderParam, response: answers(cvsLabelForm) } }, async (req) =>
    ok(await cvsShipping.labelForm(req.params.no)),
  );
  app.post(
    "/admin/orders/:no/simulate_logistics",
    { schema: { params: orderParam, response: answers(simulatedLogisticsStatus) } },
    async (req) => {
      const r = await cvsShipping.simulateNext(req.params.no);
      return ok(r, `模擬物流狀態：${r.message}（${r.code}）`);
    },
  );
  app.post("/admin/orders/:no/hct_shipment", { schema: { params: orderParam, response: answers(staffOrder) } }, async (req) =>
    ok(await hctShipping.shipOrder(actor(req), req.params.no), "已建立新竹物流託運單並出貨"),
  );
  app.get("/admin/orders/:no/hct_label", { schema: { params: orderParam, response: answers(hctLabel) } }, async (req) =>
    ok(await hctShipping.orderLabel(req.params.no)),
  );
  app.post("/admin/orders/bulk_ship", { schema: { body: bulkShipInput, response: answers(bulkShipResult) } }, async (req) => {
    const r = await admin.bulkShip(actor(req), req.body.rows);
    return ok(
      r,
      r.failed.length ? `已出貨 ${r.shipped.length} 筆，${r.failed.length} 筆未出貨` : `已出貨 ${r.shipped.length} 筆`,
    );
  });
  app.post(
    "/admin/orders/:no/cancel",
    { schema: { params: orderParam, body: reasonInput, response: answers(staffOrder) } },
    async (req) => ok(await admin.cancel(actor(req), req.params.no, req.body.reason), "訂單已取消"),
  );
  app.post("/admin/orders/:no/deliver", { schema: { params: orderParam, response: answers(staffOrder) } }, async (req) =>
    ok(await admin.deliver(actor(req), req.params.no), "已標記送達"),
  );
  app.post("/admin/orders/:no/complete", { schema: { params: orderParam, response: answers(staffOrder) } }, async (req) =>
    ok(await admin.complete(actor(req), req.params.no), "訂單已完成"),
  );
  app.post(
    "/admin/orders/:no/refund",
    { schema: { params: orderParam, body: refundInput, response: answers(staffOrder) } },
    async (req) => {
      const after = await admin.refund(actor(req), req.params.no, req.body.reason, req.body.items, req.body.amount);
      return ok(after, after.status === "refunded" ? "已退貨退款" : "已部分退款");
    },
  );
}
