import multipart from "@fastify/multipart";
import { dbId, shopIdSchema } from "@shop/contract";
import {
  balanceAdjustInput,
  bannerInput,
  categoryInput,
  couponInput,
  dealerInput,
  exchangeItemInput,
  homeBlocksInput,
  issueCouponInput,
  listQuery,
  newsInput,
  orderListQuery,
  type Permission,
  paymentSettingsInput,
  payReferenceInput,
  productInput,
  promotionInput,
  raffleInput,
  reasonInput,
  refundInput,
  settingsInput,
  shipInput,
  shipMethodInput,
  shopCreateInput,
  shopUpdateInput,
  staffInput,
  staffLoginInput,
  staffUpdateInput,
  staticPageInput,
  stockAdjustInput,
  totpCodeInput,
  withdrawalQuery,
} from "@shop/contract/admin";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, unauthorized } from "../../lib/errors.js";
import { ok } from "../../lib/http.js";
import type { CatalogueAdmin } from "../catalogue/admin.js";
import type { ContentAdmin } from "../content/admin.js";
import type { DealersAdmin } from "../dealers/admin.js";
import type { ExchangeAdmin } from "../exchange/admin.js";
import type { LogisticsAdmin } from "../logistics/admin.js";
import type { CouponsAdmin } from "../loyalty/coupons-admin.js";
import type { UploadService } from "../media/uploads.js";
import type { PayoutService } from "../payout/service.js";
import type { PromotionsAdmin } from "../promotions/admin.js";
import type { RafflesAdmin } from "../raffles/admin.js";
import type { ShopsService } from "../shops/service.js";
import type { StaffService, StaffSession } from "../staff/service.js";
import type { AdminService } from "./service.js";

declare module "fastify" {
  interface FastifyRequest {
    staffSession: StaffSession | null;
  }
}

/** Every admin route and the permission it needs ("staff" = any signed-in staff; null = public). */
export const ADMIN_ROUTES: Array<{
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  permission: Permission | "staff" | null;
}> = [
  { method: "POST", url: "/admin/auth/login", permission: null },
  { method: "POST", url: "/admin/auth/logout", permission: "staff" },
  { method: "GET", url: "/admin/auth/me", permission: "staff" },
  { method: "POST", url: "/admin/auth/totp/setup", permission: "staff" },
  { method: "POST", url: "/admin/auth/totp/enable", permission: "staff" },
  { method: "GET", url: "/admin/dashboard", permission: "dashboard.read" },
  { method: "GET", url: "/admin/categories", permission: "catalogue.read" },
  { method: "GET", url: "/admin/products", permission: "catalogue.read" },
  { method: "GET", url: "/admin/products/:id", permission: "catalogue.read" },
  { method: "POST", url: "/admin/products", permission: "catalogue.write" },
  { method: "PUT", url: "/admin/products/:id", permission: "catalogue.write" },
  { method: "POST", url: "/admin/products/:id/stock", permission: "catalogue.write" },
  { method: "POST", url: "/admin/uploads", permission: "content.write" },
  { method: "GET", url: "/admin/categories/:id", permission: "catalogue.read" },
  { method: "POST", url: "/admin/categories", permission: "catalogue.write" },
  { method: "PUT", url: "/admin/categories/:id", permission: "catalogue.write" },
  { method: "GET", url: "/admin/ship_methods", permission: "settings.read" },
  { method: "GET", url: "/admin/ship_methods/:id", permission: "settings.read" },
  { method: "PUT", url: "/admin/ship_methods/:id", permission: "settings.write" },
  { method: "GET", url: "/admin/payment_settings", permission: "settings.read" },
  { method: "PUT", url: "/admin/payment_settings", permission: "payments.write" },
  { method: "GET", url: "/admin/exchange_items", permission: "marketing.read" },
  { method: "GET", url: "/admin/exchange_items/:id", permission: "marketing.read" },
  { method: "POST", url: "/admin/exchange_items", permission: "marketing.write" },
  { method: "PUT", url: "/admin/exchange_items/:id", permission: "marketing.write" },
  { method: "GET", url: "/admin/banners", permission: "content.read" },
  { method: "GET", url: "/admin/banners/:id", permission: "content.read" },
  { method: "POST", url: "/admin/banners", permission: "content.write" },
  { method: "PUT", url: "/admin/banners/:id", permission: "content.write" },
  { method: "DELETE", url: "/admin/banners/:id", permission: "content.write" },
  { method: "GET", url: "/admin/news", permission: "content.read" },
  { method: "GET", url: "/admin/news/:id", permission: "content.read" },
  { method: "POST", url: "/admin/news", permission: "content.write" },
  { method: "PUT", url: "/admin/news/:id", permission: "content.write" },
  { method: "DELETE", url: "/admin/news/:id", permission: "content.write" },
  { method: "GET", url: "/admin/pages", permission: "content.read" },
  { method: "GET", url: "/admin/pages/:id", permission: "content.read" },
  { method: "POST", url: "/admin/pages", permission: "content.write" },
  { method: "PUT", url: "/admin/pages/:id", permission: "content.write" },
  { method: "DELETE", url: "/admin/pages/:id", permission: "content.write" },
  { method: "GET", url: "/admin/home_blocks/:id", permission: "content.read" },
  { method: "PUT", url: "/admin/home_blocks/:id", permission: "content.write" },
  { method: "GET", url: "/admin/coupons", permission: "marketing.read" },
  { method: "GET", url: "/admin/coupons/:id", permission: "marketing.read" },
  { method: "POST", url: "/admin/coupons", permission: "marketing.write" },
  { method: "PUT", url: "/admin/coupons/:id", permission: "marketing.write" },
  { method: "GET", url: "/admin/promotions", permission: "marketing.read" },
  { method: "GET", url: "/admin/promotions/:id", permission: "marketing.read" },
  { method: "POST", url: "/admin/promotions", permission: "marketing.write" },
  { method: "PUT", url: "/admin/promotions/:id", permission: "marketing.write" },
  { method: "DELETE", url: "/admin/promotions/:id", permission: "marketing.write" },
  { method: "GET", url: "/admin/raffles", permission: "marketing.read" },
  { method: "GET", url: "/admin/raffles/:id", permission: "marketing.read" },
  { method: "POST", url: "/admin/raffles", permission: "marketing.write" },
  { method: "PUT", url: "/admin/raffles/:id", permission: "marketing.write" },
  { method: "GET", url: "/admin/withdrawals", permission: "payouts.read" },
  { method: "GET", url: "/admin/withdrawals/:id", permission: "payouts.read" },
  { method: "POST", url: "/admin/withdrawals/:id/approve", permission: "payouts.write" },
  { method: "POST", url: "/admin/withdrawals/:id/pay", permission: "payouts.write" },
  { method: "POST", url: "/admin/withdrawals/:id/reject", permission: "payouts.write" },
  { method: "GET", url: "/admin/shops", permission: "shops.read" },
  { method: "GET", url: "/admin/shops/:id", permission: "shops.read" },
  { method: "POST", url: "/admin/shops", permission: "shops.write" },
  { method: "PUT", url: "/admin/shops/:id", permission: "shops.write" },
  { method: "GET", url: "/admin/dealers", permission: "shops.read" },
  { method: "GET", url: "/admin/dealers/:id", permission: "shops.read" },
  { method: "POST", url: "/admin/dealers", permission: "shops.write" },
  { method: "PUT", url: "/admin/dealers/:id", permission: "shops.write" },
  { method: "GET", url: "/admin/orders", permission: "orders.read" },
  { method: "GET", url: "/admin/orders.csv", permission: "orders.read" },
  { method: "GET", url: "/admin/orders/:no", permission: "orders.read" },
  { method: "POST", url: "/admin/orders/:no/confirm_payment", permission: "orders.write" },
  { method: "POST", url: "/admin/orders/:no/ship", permission: "orders.write" },
  { method: "POST", url: "/admin/orders/:no/deliver", permission: "orders.write" },
  { method: "POST", url: "/admin/orders/:no/complete", permission: "orders.write" },
  { method: "POST", url: "/admin/orders/:no/cancel", permission: "orders.write" },
  { method: "POST", url: "/admin/orders/:no/refund", permission: "orders.write" },
  { method: "GET", url: "/admin/members", permission: "members.read" },
  { method: "GET", url: "/admin/members/:id", permission: "members.read" },
  { method: "POST", url: "/admin/members/:id/adjust", permission: "members.adjust" },
  { method: "POST", url: "/admin/members/:id/coupons", permission: "members.adjust" },
  { method: "GET", url: "/admin/settings", permission: "settings.read" },
  { method: "PUT", url: "/admin/settings", permission: "settings.write" },
  { method: "GET", url: "/admin/audit", permission: "audit.read" },
  { method: "GET", url: "/admin/staff", permission: "staff.manage" },
  { method: "GET", url: "/admin/staff/:id", permission: "staff.manage" },
  { method: "POST", url: "/admin/staff", permission: "staff.manage" },
  { method: "PUT", url: "/admin/staff/:id", permission: "staff.manage" },
];

const idParam = z.object({ id: dbId("編號格式不正確") });
const orderParam = z.object({ no: z.string().regex(/^\d{8,24}$/, { error: "訂單編號格式不正確" }) });
const productFilter = listQuery.extend({
  category_id: dbId("分類編號格式不正確").optional(),
  status: z.enum(["on", "off"]).optional(),
});
const shopFilter = listQuery.extend({ shop_id: shopIdSchema.optional() });
const auditFilter = listQuery.extend({ entity: z.string().max(30).optional(), entity_id: z.string().max(40).optional() });

function bearer(request: FastifyRequest) {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
}

/**
 * The back office API (`/api/admin/*`). Staff sign in with their own accounts; every call checks
 * the caller's role against ADMIN_ROUTES on the server, whatever the UI shows.
 */
export function adminRoutes(
  services: {
    admin: AdminService;
    catalogueAdmin: CatalogueAdmin;
    contentAdmin: ContentAdmin;
    couponsAdmin: CouponsAdmin;
    dealersAdmin: DealersAdmin;
    exchangeAdmin: ExchangeAdmin;
    logisticsAdmin: LogisticsAdmin;
    payout: PayoutService;
    promotionsAdmin: PromotionsAdmin;
    rafflesAdmin: RafflesAdmin;
    shops: ShopsService;
    staff: StaffService;
  },
  uploads: UploadService,
  loginRateLimit: number,
  /** Drops cached public reads after a catalogue or content change. */
  invalidate: () => void,
): FastifyPluginAsyncZod {
  const { staff, admin } = services;
  const permissionOf = new Map(ADMIN_ROUTES.map((r) => [`${r.method} ${r.url}`, r.permission]));

  return async (app) => {
    app.decorateRequest("staffSession", null);
    await app.register(multipart, { limits: { fileSize: 8 * 1024 * 1024, files: 1, fields: 2 } });

    // One guard for all: the table above says what each route needs; a route missing from it is refused.
    app.addHook("onRoute", (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      // Fastify adds a HEAD route beside each GET: it needs what the GET needs.
      const method = methods.map((m) => (m === "HEAD" ? "GET" : m))[0];
      const url = route.url.replace(/^\/api/, "");
      const key = `${method} ${url}`;
      if (!permissionOf.has(key)) throw new Error(`admin route ${key} has no permission in ADMIN_ROUTES`);
      const permission = permissionOf.get(key);
      if (permission === null) return;
      const guard = async (req: FastifyRequest) => {
        const token = bearer(req);
        req.staffSession = token ? ((await staff.authenticate(token)) ?? null) : null;
        if (!req.staffSession) throw unauthorized();
        if (permission !== "staff") staff.assertCan(req.staffSession, permission as Permission);
      };
      route.preValidation = [guard, ...(route.preValidation ? [route.preValidation].flat() : [])];
    });

    const actor = (req: FastifyRequest) => {
      if (!req.staffSession) throw unauthorized();
      return { staff: req.staffSession.staff, ip: req.ip };
    };
    const paged = <T>(r: { total: number; items: T[] }) => ok(r);
    /** A write the storefront shows: its cached reads are dropped. */
    const changed = <T>(data: T, message: string) => {
      invalidate();
      return ok(data, message);
    };

    app.post(
      "/admin/auth/login",
      { schema: { body: staffLoginInput }, config: { rateLimit: { max: loginRateLimit, timeWindow: "1 minute" } } },
      async (req) => ok(await staff.login(req.body), "登入成功"),
    );
    app.post("/admin/auth/logout", async (req) => {
      if (req.staffSession) await staff.logout(req.staffSession.tokenHash);
      return ok(null, "已登出");
    });
    app.get("/admin/auth/me", async (req) => ok(await staff.get(actor(req).staff.id)));
    app.post("/admin/auth/totp/setup", async (req) => ok(await staff.totpSetup(actor(req))));
    app.post("/admin/auth/totp/enable", { schema: { body: totpCodeInput } }, async (req) =>
      ok(await staff.totpEnable(actor(req), req.body.code), "已啟用兩步驟驗證"),
    );

    app.get("/admin/dashboard", async () => ok(await admin.dashboard()));

    app.get("/admin/categories", async () => {
      const items = await services.catalogueAdmin.categories();
      return paged({ total: items.length, items });
    });
    app.get("/admin/products", { schema: { querystring: productFilter } }, async (req) =>
      paged(await services.catalogueAdmin.list(req.query, req.query.page, req.query.per_page)),
    );
    app.get("/admin/products/:id", { schema: { params: idParam } }, async (req) =>
      ok(await services.catalogueAdmin.view(req.params.id)),
    );
    app.post("/admin/products", { schema: { body: productInput } }, async (req) =>
      changed(await admin.createProduct(actor(req), req.body), "商品已建立"),
    );
    app.put("/admin/products/:id", { schema: { params: idParam, body: productInput } }, async (req) =>
      changed(await admin.updateProduct(actor(req), req.params.id, req.body), "商品已更新"),
    );
    app.post("/admin/products/:id/stock", { schema: { params: idParam, body: stockAdjustInput } }, async (req) =>
      changed(await admin.adjustStock(actor(req), req.params.id, req.body), "庫存已調整"),
    );

    app.get("/admin/categories/:id", { schema: { params: idParam } }, async (req) =>
      ok(await services.catalogueAdmin.category(req.params.id)),
    );
    app.post("/admin/categories", { schema: { body: categoryInput } }, async (req) =>
      changed(await admin.createCategory(actor(req), req.body), "分類已建立"),
    );
    app.put("/admin/categories/:id", { schema: { params: idParam, body: categoryInput } }, async (req) =>
      changed(await admin.updateCategory(actor(req), req.params.id, req.body), "分類已更新"),
    );

    app.get("/admin/ship_methods", { schema: { querystring: shopFilter } }, async (req) =>
      paged(await services.logisticsAdmin.list(req.query.shop_id, req.query.page, req.query.per_page)),
    );
    app.get("/admin/ship_methods/:id", { schema: { params: idParam } }, async (req) =>
      ok(await services.logisticsAdmin.get(req.params.id)),
    );
    app.put("/admin/ship_methods/:id", { schema: { params: idParam, body: shipMethodInput } }, async (req) =>
      changed(await admin.updateShipMethod(actor(req), req.params.id, req.body), "配送方式已更新"),
    );
    app.get("/admin/payment_settings", async () => ok(await admin.paymentSettings()));
    app.put("/admin/payment_settings", { schema: { body: paymentSettingsInput } }, async (req) =>
      ok(await admin.updatePaymentSettings(actor(req), req.body), "付款設定已儲存"),
    );

    app.get("/admin/exchange_items", { schema: { querystring: listQuery } }, async (req) =>
      paged(await services.exchangeAdmin.list(req.query.page, req.query.per_page)),
    );
    app.get("/admin/exchange_items/:id", { schema: { params: idParam } }, async (req) =>
      ok(await services.exchangeAdmin.get(req.params.id)),
    );
    app.post("/admin/exchange_items", { schema: { body: exchangeItemInput } }, async (req) =>
      changed(await admin.createExchangeItem(actor(req), req.body), "兌換商品已建立"),
    );
    app.put("/admin/exchange_items/:id", { schema: { params: idParam, body: exchangeItemInput } }, async (req) =>
      changed(await admin.updateExchangeItem(actor(req), req.params.id, req.body), "兌換商品已更新"),
    );

    app.post("/admin/uploads", async (req) => {
      if (!req.isMultipart()) throw new AppError(415, "請以檔案上傳圖片");
      const file = await req.file();
      if (!file) throw new AppError(400, "請選擇要上傳的圖片");
      return ok(await uploads.saveImage(file), "圖片已上傳");
    });

    app.get("/admin/banners", { schema: { querystring: shopFilter } }, async (req) =>
      paged(await services.contentAdmin.banners(req.query.shop_id, req.query.page, req.query.per_page)),
    );
    app.get("/admin/banners/:id", { schema: { params: idParam } }, async (req) =>
      ok(await services.contentAdmin.banner(req.params.id)),
    );
    app.post("/admin/banners", { schema: { body: bannerInput } }, async (req) =>
      changed(await admin.createBanner(actor(req), req.body), "橫幅已建立"),
    );
    app.put("/admin/banners/:id", { schema: { params: idParam, body: bannerInput } }, async (req) =>
      changed(await admin.updateBanner(actor(req), req.params.id, req.body), "橫幅已更新"),
    );
    app.delete("/admin/banners/:id", { schema: { params: idParam } }, async (req) =>
      changed(await admin.deleteBanner(actor(req), req.params.id), "橫幅已刪除"),
    );

    app.get("/admin/news", { schema: { querystring: shopFilter } }, async (req) =>
      paged(await services.contentAdmin.news(req.query.shop_id, req.query.page, req.query.per_page)),
    );
    app.get("/admin/news/:id", { schema: { params: idParam } }, async (req) =>
      ok(await services.contentAdmin.newsItem(req.params.id)),
    );
    app.post("/admin/news", { schema: { body: newsInput } }, async (req) =>
      changed(await admin.createNews(actor(req), req.body), "消息已建立"),
    );
    app.put("/admin/news/:id", { schema: { params: idParam, body: newsInput } }, async (req) =>
      changed(await admin.updateNews(actor(req), req.params.id, req.body), "消息已更新"),
    );
    app.delete("/admin/news/:id", { schema: { params: idParam } }, async (req) =>
      changed(await admin.deleteNews(actor(req), req.params.id), "消息已刪除"),
    );
    app.get("/admin/pages", { schema: { querystring: shopFilter } }, async (req) =>
      paged(await services.contentAdmin.pages(req.query.shop_id, req.query.page, req.query.per_page)),
    );
    app.get("/admin/pages/:id", { schema: { params: idParam } }, async (req) =>
      ok(await services.contentAdmin.page(req.params.id)),
    );
    app.post("/admin/pages", { schema: { body: staticPageInput } }, async (req) =>
      changed(await admin.createPage(actor(req), req.body), "頁面已建立"),
    );
    app.put("/admin/pages/:id", { schema: { params: idParam, body: staticPageInput } }, async (req) =>
      changed(await admin.updatePage(actor(req), req.params.id, req.body), "頁面已更新"),
    );
    app.delete("/admin/pages/:id", { schema: { params: idParam } }, async (req) =>
      changed(await admin.deletePage(actor(req), req.params.id), "頁面已刪除"),
    );
    app.get("/admin/home_blocks/:id", { schema: { params: idParam } }, async (req) => {
      await admin.shop(req.params.id);
      return ok(await services.contentAdmin.home(req.params.id));
    });
    app.put("/admin/home_blocks/:id", { schema: { params: idParam, body: homeBlocksInput } }, async (req) =>
      changed(await admin.saveHome(actor(req), req.params.id, req.body), "首頁區塊已儲存"),
    );

    app.get("/admin/coupons", { schema: { querystring: listQuery } }, async (req) =>
      paged(await services.couponsAdmin.list(req.query.page, req.query.per_page)),
    );
    app.get("/admin/coupons/:id", { schema: { params: idParam } }, async (req) =>
      ok(await services.couponsAdmin.get(req.params.id)),
    );
    app.post("/admin/coupons", { schema: { body: couponInput } }, async (req) =>
      ok(await admin.createCoupon(actor(req), req.body), "優惠券已建立"),
    );
    app.put("/admin/coupons/:id", { schema: { params: idParam, body: couponInput } }, async (req) =>
      ok(await admin.updateCoupon(actor(req), req.params.id, req.body), "優惠券已更新"),
    );
    app.get("/admin/promotions", { schema: { querystring: shopFilter } }, async (req) =>
      paged(await services.promotionsAdmin.list(req.query.shop_id, req.query.page, req.query.per_page)),
    );
    app.get("/admin/promotions/:id", { schema: { params: idParam } }, async (req) =>
      ok(await services.promotionsAdmin.get(req.params.id)),
    );
    app.post("/admin/promotions", { schema: { body: promotionInput } }, async (req) =>
      changed(await admin.createPromotion(actor(req), req.body), "活動已建立"),
    );
    app.put("/admin/promotions/:id", { schema: { params: idParam, body: promotionInput } }, async (req) =>
      changed(await admin.updatePromotion(actor(req), req.params.id, req.body), "活動已更新"),
    );
    app.delete("/admin/promotions/:id", { schema: { params: idParam } }, async (req) =>
      changed(await admin.deletePromotion(actor(req), req.params.id), "活動已刪除"),
    );
    app.get("/admin/raffles", { schema: { querystring: listQuery } }, async (req) =>
      paged(await services.rafflesAdmin.list(req.query.page, req.query.per_page)),
    );
    app.get("/admin/raffles/:id", { schema: { params: idParam } }, async (req) =>
      ok(await services.rafflesAdmin.get(req.params.id)),
    );
    app.post("/admin/raffles", { schema: { body: raffleInput } }, async (req) =>
      changed(await admin.createRaffle(actor(req), req.body), "抽獎活動已建立"),
    );
    app.put("/admin/raffles/:id", { schema: { params: idParam, body: raffleInput } }, async (req) =>
      changed(await admin.updateRaffle(actor(req), req.params.id, req.body), "抽獎活動已更新"),
    );

    app.get("/admin/withdrawals", { schema: { querystring: withdrawalQuery } }, async (req) =>
      paged(await services.payout.staffList(req.query.status, req.query.page, req.query.per_page)),
    );
    app.get("/admin/withdrawals/:id", { schema: { params: idParam } }, async (req) =>
      ok(await services.payout.staffGet(req.params.id)),
    );
    app.post("/admin/withdrawals/:id/approve", { schema: { params: idParam } }, async (req) =>
      ok(await admin.decideWithdrawal(actor(req), req.params.id, "approved", ""), "已核准，請於匯款後標記已匯款"),
    );
    app.post("/admin/withdrawals/:id/pay", { schema: { params: idParam, body: payReferenceInput } }, async (req) =>
      ok(await admin.decideWithdrawal(actor(req), req.params.id, "paid", req.body.reference), "已標記為已匯款"),
    );
    app.post("/admin/withdrawals/:id/reject", { schema: { params: idParam, body: reasonInput } }, async (req) =>
      ok(await admin.decideWithdrawal(actor(req), req.params.id, "rejected", req.body.reason), "已退回，金額已返還會員錢包"),
    );

    app.get("/admin/shops", { schema: { querystring: listQuery } }, async (req) =>
      paged(await services.shops.adminList(req.query.q, req.query.page, req.query.per_page)),
    );
    app.get("/admin/shops/:id", { schema: { params: idParam } }, async (req) => ok(await admin.shop(req.params.id)));
    app.post("/admin/shops", { schema: { body: shopCreateInput } }, async (req) =>
      changed(await admin.createShop(actor(req), req.body), "子商城已建立"),
    );
    app.put("/admin/shops/:id", { schema: { params: idParam, body: shopUpdateInput } }, async (req) =>
      changed(await admin.updateShop(actor(req), req.params.id, req.body), "商城資料已更新"),
    );
    app.get("/admin/dealers", { schema: { querystring: listQuery } }, async (req) =>
      paged(await services.dealersAdmin.list(req.query.q, req.query.page, req.query.per_page)),
    );
    app.get("/admin/dealers/:id", { schema: { params: idParam } }, async (req) =>
      ok(await services.dealersAdmin.get(req.params.id)),
    );
    app.post("/admin/dealers", { schema: { body: dealerInput } }, async (req) =>
      changed(await admin.createDealer(actor(req), req.body), "經銷商已建立"),
    );
    app.put("/admin/dealers/:id", { schema: { params: idParam, body: dealerInput } }, async (req) =>
      changed(await admin.updateDealer(actor(req), req.params.id, req.body), "經銷商已更新"),
    );

    app.get("/admin/orders", { schema: { querystring: orderListQuery } }, async (req) =>
      paged(await admin.orders(req.query, req.query.page, req.query.per_page)),
    );
    app.get("/admin/orders.csv", { schema: { querystring: orderListQuery } }, async (req, reply) => {
      const csv = await admin.ordersCsv(req.query);
      reply.header("content-type", "text/csv; charset=utf-8");
      reply.header("content-disposition", `attachment; filename="orders.csv"`);
      return csv;
    });
    app.get("/admin/orders/:no", { schema: { params: orderParam } }, async (req) => ok(await admin.order(req.params.no)));
    app.post("/admin/orders/:no/confirm_payment", { schema: { params: orderParam } }, async (req) =>
      ok(await admin.confirmPayment(actor(req), req.params.no), "已確認收款"),
    );
    app.post("/admin/orders/:no/ship", { schema: { params: orderParam, body: shipInput } }, async (req) =>
      ok(await admin.ship(actor(req), req.params.no, req.body.tracking_no), "已出貨"),
    );
    app.post("/admin/orders/:no/cancel", { schema: { params: orderParam, body: reasonInput } }, async (req) =>
      ok(await admin.cancel(actor(req), req.params.no, req.body.reason), "訂單已取消"),
    );
    app.post("/admin/orders/:no/deliver", { schema: { params: orderParam } }, async (req) =>
      ok(await admin.deliver(actor(req), req.params.no), "已標記送達"),
    );
    app.post("/admin/orders/:no/complete", { schema: { params: orderParam } }, async (req) =>
      ok(await admin.complete(actor(req), req.params.no), "訂單已完成"),
    );
    app.post("/admin/orders/:no/refund", { schema: { params: orderParam, body: refundInput } }, async (req) => {
      const after = await admin.refund(actor(req), req.params.no, req.body.reason, req.body.items);
      return ok(after, after.status === "refunded" ? "已退貨退款" : "已部分退款");
    });

    app.get("/admin/members", { schema: { querystring: shopFilter } }, async (req) =>
      paged(await admin.members(req.query, req.query.page, req.query.per_page)),
    );
    app.get("/admin/members/:id", { schema: { params: idParam } }, async (req) => ok(await admin.member(req.params.id)));
    app.post("/admin/members/:id/coupons", { schema: { params: idParam, body: issueCouponInput } }, async (req) =>
      ok(await admin.issueCoupon(actor(req), req.params.id, req.body), "優惠券已發送"),
    );
    app.post("/admin/members/:id/adjust", { schema: { params: idParam, body: balanceAdjustInput } }, async (req) =>
      ok(await admin.adjustBalance(actor(req), req.params.id, req.body), "已調整"),
    );

    app.get("/admin/settings", async () => ok(await admin.settings()));
    app.put("/admin/settings", { schema: { body: settingsInput } }, async (req) =>
      ok(await admin.updateSettings(actor(req), req.body), "設定已儲存"),
    );

    app.get("/admin/audit", { schema: { querystring: auditFilter } }, async (req) =>
      paged(
        await staff.auditPage({ entity: req.query.entity, entityId: req.query.entity_id }, req.query.page, req.query.per_page),
      ),
    );

    app.get("/admin/staff", async () => {
      const items = await staff.list();
      return paged({ total: items.length, items });
    });
    app.get("/admin/staff/:id", { schema: { params: idParam } }, async (req) => ok(await staff.get(req.params.id)));
    app.post("/admin/staff", { schema: { body: staffInput } }, async (req) =>
      ok(await staff.create(actor(req), req.body), "員工帳號已建立"),
    );
    app.put("/admin/staff/:id", { schema: { params: idParam, body: staffUpdateInput } }, async (req) =>
      ok(await staff.update(actor(req), req.params.id, req.body), "員工資料已更新"),
    );
  };
}
