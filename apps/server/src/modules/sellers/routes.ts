import {
  orderNoSchema,
  sellerFromDepotInput,
  sellerListInput,
  sellerOrderInput,
  sellerSelfShipInput,
  sellerShipMethodInput,
  sellerShipStatusInput,
  z,
} from "@shop/contract";
import {
  answers,
  paged,
  sellerHome,
  sellerOrderSummary,
  sellerOrderView,
  sellerStockLogView,
  sellerStockView,
  trackingView,
} from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import type { SessionGuards } from "../../plugins/session.js";
import { sessionOf } from "../../plugins/session.js";
import type { SellersService } from "./service.js";

/** The seller area: every call acts within the caller's own shop. */
export function sellerRoutes(services: { sellers: SellersService }, guards: SessionGuards): FastifyPluginAsyncZod {
  const { sellers } = services;
  const member = { preHandler: guards.requireMember };
  const orderQuery = z.strictObject({ order_no: orderNoSchema });
  const orderAnswer = answers(sellerOrderView);
  const stockAnswer = answers(z.array(sellerStockView));

  return async (app) => {
    // Ours: the shop and its order counts for the seller area's header and tabs.
    app.get("/seller/home", { ...member, schema: { response: answers(sellerHome) } }, async (req) =>
      ok(await sellers.home(sessionOf(req).member.id)),
    );
    app.post(
      "/seller/list",
      { ...member, schema: { body: sellerListInput, response: answers(paged(sellerOrderSummary)) } },
      async (req) => ok(await sellers.list(sessionOf(req).member.id, req.body)),
    );
    app.post("/seller/detail", { ...member, schema: { body: sellerOrderInput, response: orderAnswer } }, async (req) =>
      ok(await sellers.detail(sessionOf(req).member.id, req.body.order_no)),
    );
    // The shop owner's view of one order (the same as seller/detail).
    app.get("/supmall/orderDetail", { ...member, schema: { querystring: orderQuery, response: orderAnswer } }, async (req) =>
      ok(await sellers.detail(sessionOf(req).member.id, req.query.order_no)),
    );
    app.post(
      "/seller/updateSellerPayment",
      { ...member, schema: { body: sellerOrderInput, response: orderAnswer } },
      async (req) => {
        const id = sessionOf(req).member.id;
        await sellers.confirmPayment(id, req.body.order_no);
        return ok(await sellers.detail(id, req.body.order_no), "已確認收款");
      },
    );
    app.post(
      "/seller/updateShipMethod",
      { ...member, schema: { body: sellerShipMethodInput, response: orderAnswer } },
      async (req) => {
        const id = sessionOf(req).member.id;
        await sellers.changeShipMethod(id, req.body.order_no, req.body.ship_method);
        return ok(await sellers.detail(id, req.body.order_no), "已變更配送方式");
      },
    );
    app.post(
      "/seller/updateSelfShip",
      { ...member, schema: { body: sellerSelfShipInput, response: orderAnswer } },
      async (req) => {
        const id = sessionOf(req).member.id;
        await sellers.shipSelf(id, req.body.order_no, req.body.carrier, req.body.tracking_no);
        return ok(await sellers.detail(id, req.body.order_no), "已出貨");
      },
    );
    app.post(
      "/seller/updateShipStatus",
      { ...member, schema: { body: sellerShipStatusInput, response: orderAnswer } },
      async (req) => {
        const id = sessionOf(req).member.id;
        await sellers.setShipStatus(id, req.body.order_no, req.body.status);
        return ok(await sellers.detail(id, req.body.order_no), "已更新出貨狀態");
      },
    );
    app.post("/seller/updateFinish", { ...member, schema: { body: sellerOrderInput, response: orderAnswer } }, async (req) => {
      const id = sessionOf(req).member.id;
      await sellers.finish(id, req.body.order_no);
      return ok(await sellers.detail(id, req.body.order_no), "訂單已完成");
    });
    app.get(
      "/seller/hct_detail",
      { ...member, schema: { querystring: orderQuery, response: answers(trackingView) } },
      async (req) => ok(await sellers.tracking(sessionOf(req).member.id, req.query.order_no)),
    );
    app.get("/seller/inventory", { ...member, schema: { response: stockAnswer } }, async (req) =>
      ok(await sellers.stock(sessionOf(req).member.id)),
    );
    app.get("/seller/inventory/log", { ...member, schema: { response: answers(z.array(sellerStockLogView)) } }, async (req) =>
      ok(await sellers.stockLog(sessionOf(req).member.id)),
    );
    // Ours: move goods from the seller's cloud depot into the shop's stock.
    app.post(
      "/seller/inventory/from_depot",
      { ...member, schema: { body: sellerFromDepotInput, response: stockAnswer } },
      async (req) => {
        const id = sessionOf(req).member.id;
        await sellers.fromDepot(id, req.body.items);
        return ok(await sellers.stock(id), "已轉入賣家庫存");
      },
    );
  };
}
