import {
  dealerInput,
  listQuery,
  paymentSettingsInput,
  settingsInput,
  shipMethodInput,
  shopCreateInput,
  shopPaymentSettingsInput,
  shopUpdateInput,
} from "@shop/contract/admin";
import {
  adminDealer,
  adminDealerPage,
  adminSettings,
  adminShipMethod,
  adminShipMethodPage,
  adminShop,
  adminShopPage,
  answers,
  paymentSettings,
  shopPaymentSettings,
} from "@shop/contract/responses";
import { storeContractInput, storeContractView } from "@shop/contract/shipping";
import { ok } from "../../lib/http.js";
import type { DealersAdmin } from "../dealers/admin.js";
import type { LogisticsAdmin } from "../logistics/admin.js";
import type { ShopsService } from "../shops/service.js";
import type { AdminApp, AdminRouteKit } from "./route-kit.js";
import { idParam, shopFilter } from "./route-kit.js";
import type { AdminService } from "./service.js";

/** Back office: sub-malls, dealers, ship methods, payment and shop settings (apps/admin/src/shops.tsx, settings.tsx). */
export function shopAdminRoutes(
  app: AdminApp,
  { actor, paged, changed }: AdminRouteKit,
  services: { admin: AdminService; dealersAdmin: DealersAdmin; logisticsAdmin: LogisticsAdmin; shops: ShopsService },
) {
  const { admin } = services;
  app.get("/admin/ship_methods", { schema: { querystring: shopFilter, response: answers(adminShipMethodPage) } }, async (req) =>
    paged(await services.logisticsAdmin.list(req.query.shop_id, req.query.page, req.query.per_page)),
  );
  app.get("/admin/ship_methods/:id", { schema: { params: idParam, response: answers(adminShipMethod) } }, async (req) =>
    ok(await services.logisticsAdmin.get(req.params.id)),
  );
  app.put(
    "/admin/ship_methods/:id",
    { schema: { params: idParam, body: shipMethodInput, response: answers(adminShipMethod) } },
    async (req) => changed(await admin.updateShipMethod(actor(req), req.params.id, req.body), "配送方式已更新"),
  );
  app.get("/admin/payment_settings", { schema: { response: answers(paymentSettings) } }, async () =>
    ok(await admin.paymentSettings()),
  );
  app.put(
    "/admin/payment_settings",
    { schema: { body: paymentSettingsInput, response: answers(paymentSettings) } },
    // The storefront lists the methods taken (footer, product page): its cached reads go.
    async (req) => changed(await admin.updatePaymentSettings(actor(req), req.body), "付款設定已儲存"),
  );

  // ECPay store pick-up contract per shop (decision 90): the map's sub-types and how shipments are made.
  app.get("/admin/shops/:id/store_contract", { schema: { params: idParam, response: answers(storeContractView) } }, async (req) =>
    ok(await services.shops.storeContractView(req.params.id)),
  );
  app.put(
    "/admin/shops/:id/store_contract",
    { schema: { params: idParam, body: storeContractInput, response: answers(storeContractView) } },
    async (req) => {
      await services.shops.setStoreContract(req.params.id, req.body.contract);
      return changed(await services.shops.storeContractView(req.params.id), "超商取貨合約已儲存");
    },
  );
  app.get("/admin/shops", { schema: { querystring: listQuery, response: answers(adminShopPage) } }, async (req) =>
    paged(await services.shops.adminList(req.query.q, req.query.page, req.query.per_page)),
  );
  app.get("/admin/shops/:id", { schema: { params: idParam, response: answers(adminShop) } }, async (req) =>
    ok(await admin.shop(req.params.id)),
  );
  app.post("/admin/shops", { schema: { body: shopCreateInput, response: answers(adminShop) } }, async (req) =>
    changed(await admin.createShop(actor(req), req.body), "子商城已建立"),
  );
  app.put("/admin/shops/:id", { schema: { params: idParam, body: shopUpdateInput, response: answers(adminShop) } }, async (req) =>
    changed(await admin.updateShop(actor(req), req.params.id, req.body), "商城資料已更新"),
  );
  app.get(
    "/admin/shops/:id/payment_settings",
    { schema: { params: idParam, response: answers(shopPaymentSettings) } },
    async (req) => ok(await admin.shopPaymentSettings(req.params.id)),
  );
  app.put(
    "/admin/shops/:id/payment_settings",
    { schema: { params: idParam, body: shopPaymentSettingsInput, response: answers(shopPaymentSettings) } },
    async (req) => changed(await admin.updateShopPaymentSettings(actor(req), req.params.id, req.body), "子商城付款設定已儲存"),
  );
  app.get("/admin/dealers", { schema: { querystring: listQuery, response: answers(adminDealerPage) } }, async (req) =>
    paged(await services.dealersAdmin.list(req.query.q, req.query.page, req.query.per_page)),
  );
  app.get("/admin/dealers/:id", { schema: { params: idParam, response: answers(adminDealer) } }, async (req) =>
    ok(await services.dealersAdmin.get(req.params.id)),
  );
  app.post("/admin/dealers", { schema: { body: dealerInput, response: answers(adminDealer) } }, async (req) =>
    changed(await admin.createDealer(actor(req), req.body), "經銷商已建立"),
  );
  app.put("/admin/dealers/:id", { schema: { params: idParam, body: dealerInput, response: answers(adminDealer) } }, async (req) =>
    changed(await admin.updateDealer(actor(req), req.params.id, req.body), "經銷商已更新"),
  );

  app.get("/admin/settings", { schema: { response: answers(adminSettings) } }, async () => ok(await admin.settings()));
  app.put("/admin/settings", { schema: { body: settingsInput, response: answers(adminSettings) } }, async (req) =>
    changed(await admin.updateSettings(actor(req), req.body), "設定已儲存"),
  );
}
