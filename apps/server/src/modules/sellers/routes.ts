import multipart from "@fastify/multipart";
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
  raw,
  sellerAnalytics,
  sellerHome,
  sellerOrderSummary,
  sellerOrderView,
  sellerStockLogView,
  sellerStockView,
  shopSettingsView,
  trackingView,
  uploadedImage,
} from "@shop/contract/responses";
import { analyticsQuery, sellerShopInput } from "@shop/contract/seller-shop";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ShopAnalytics } from "../../flows/shop-analytics/shop-analytics.js";
import { DomainError } from "../../lib/errors.js";
import { ok } from "../../lib/http.js";
import type { SessionGuards } from "../../plugins/session.js";
import { sessionOf } from "../../plugins/session.js";
import type { UploadService } from "../media/uploads.js";
import type { SellersService } from "./service.js";
import { type SellerShopSettings, sellerUploadFolder } from "./shop-settings.js";

/** The seller area: every call acts within the caller's own shop. */
export function sellerRoutes(
  services: { sellers: SellersService; shopSettings: SellerShopSettings; analytics: ShopAnalytics; uploads: UploadService },
  guards: SessionGuards,
  /** Drops cached pages after the seller's intro changes. */
  invalidate: () => void,
): FastifyPluginAsyncZod {
  const { sellers, shopSettings, analytics } = services;
  const member = { preHandler: guards.requireMember };
  const orderQuery = z.strictObject({ order_no: orderNoSchema });
  const orderAnswer = answers(sellerOrderView);
  const stockAnswer = answers(z.array(sellerStockView));

  return async (app) => {
    await app.register(multipart, { limits: { fileSize: 8 * 1024 * 1024, files: 1, fields: 0 } });
    // Ours: the seller's own shop settings (decision 46) and figures (decision 47).
    app.get("/seller/shop", { ...member, schema: { response: answers(shopSettingsView) } }, async (req) =>
      ok(await shopSettings.view(await sellers.shopOf(sessionOf(req).member.id))),
    );
    app.post(
      "/seller/shop",
      {
        ...member,
        config: { rateLimit: { max: 60, timeWindow: "1 hour" } },
        schema: { body: sellerShopInput, response: answers(shopSettingsView) },
      },
      async (req) => {
        const id = sessionOf(req).member.id;
        const saved = await shopSettings.save((await sellers.shopOf(id)).id, id, req.body);
        // What applied at once (the intro; settings that need no review) shows on the storefront and in quotes.
        invalidate();
        return ok(await shopSettings.view(await sellers.shopOf(id)), saved.message);
      },
    );
    app.post(
      "/seller/shop/banner",
      {
        ...member,
        config: { rateLimit: { max: 20, timeWindow: "1 hour" } },
        schema: { response: answers(uploadedImage) },
      },
      async (req) => {
        const shop = await sellers.shopOf(sessionOf(req).member.id);
        if (!req.isMultipart()) throw new DomainError("unsupported_media", "MULTIPART_REQUIRED", "請以檔案上傳圖片");
        const file = await req.file();
        if (!file) throw new DomainError("invalid", "IMAGE_REQUIRED", "請選擇要上傳的圖片");
        return ok(await services.uploads.saveImage(file, sellerUploadFolder(shop.id)), "橫幅已上傳，儲存後送出審核");
      },
    );
    app.get(
      "/seller/analytics",
      { ...member, schema: { querystring: analyticsQuery, response: answers(sellerAnalytics) } },
      async (req) => ok(await analytics.report(await sellers.shopOf(sessionOf(req).member.id), req.query)),
    );
    app.get(
      "/seller/analytics.csv",
      {
        ...member,
        schema: {
          querystring: analyticsQuery,
          response: raw("text/csv", "the shop's figures for the period by day, product and source, UTF-8 with a BOM"),
        },
      },
      async (req, reply) => {
        const report = await analytics.report(await sellers.shopOf(sessionOf(req).member.id), req.query);
        reply.header("content-type", "text/csv; charset=utf-8");
        reply.header("content-disposition", `attachment; filename="shop-${report.shop.id}-${report.from}-${report.to}.csv"`);
        return analytics.csv(report);
      },
    );
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
