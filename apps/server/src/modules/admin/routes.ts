import multipart from "@fastify/multipart";
import { type Permission, staffLoginInput, totpCodeInput } from "@shop/contract/admin";
import {
  adminDashboard,
  answers,
  messageOnly,
  staffLogin,
  staffSessionList,
  staffView,
  totpSetup,
} from "@shop/contract/responses";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { MemberRewards } from "../../flows/member-rewards/member-rewards.js";
import type { ProductReviews } from "../../flows/product-reviews/product-reviews.js";
import type { ReturnsByCarrier } from "../../flows/returns-by-carrier/returns-by-carrier.js";
import type { ShippingBatch } from "../../flows/shipping-batch/shipping-batch.js";
import type { ShopAnalytics } from "../../flows/shop-analytics/shop-analytics.js";
import type { LocalSmtp } from "../../integrations/mail/local-smtp.js";
import { unauthorized } from "../../lib/errors.js";
import { ok } from "../../lib/http.js";
import type { CatalogueAdmin } from "../catalogue/admin.js";
import type { ContentAdmin } from "../content/admin.js";
import type { DealersAdmin } from "../dealers/admin.js";
import type { TakeoutFulfilment } from "../depot/takeout-fulfilment.js";
import type { ExchangeAdmin } from "../exchange/admin.js";
import type { LogisticsAdmin } from "../logistics/admin.js";
import type { CouponsAdmin } from "../loyalty/coupons-admin.js";
import type { UploadService } from "../media/uploads.js";
import type { Outbox } from "../notifications/outbox.js";
import type { MessageTemplates } from "../notifications/templates.js";
import type { Returns } from "../orders/returns.js";
import type { PayoutService } from "../payout/service.js";
import type { PromotionsAdmin } from "../promotions/admin.js";
import type { DealsAdmin } from "../promotions/deals-admin.js";
import type { RafflesAdmin } from "../raffles/admin.js";
import type { ShopsService } from "../shops/service.js";
import type { StaffService, StaffSession } from "../staff/service.js";
import type { SupportService } from "../support/service.js";
import type { TiersService } from "../tiers/service.js";
import { catalogueAdminRoutes } from "./catalogue-routes.js";
import { contentAdminRoutes } from "./content-routes.js";
import { DEAL_ROUTES, dealAdminRoutes } from "./deals-routes.js";
import { inquiryAdminRoutes } from "./inquiries-routes.js";
import { type InvoiceDesk, invoiceAdminRoutes } from "./invoices-routes.js";
import { marketingAdminRoutes } from "./marketing-routes.js";
import type { MemberCare } from "./member-care.js";
import { messageAdminRoutes } from "./messages-routes.js";
import { type CvsShippingDesk, type HctShippingDesk, orderAdminRoutes } from "./orders-routes.js";
import { type MemberErasure, peopleAdminRoutes } from "./people-routes.js";
import { returnAdminRoutes } from "./returns-routes.js";
import { reviewAdminRoutes } from "./reviews-routes.js";
import { rewardsAdminRoutes } from "./rewards-routes.js";
import type { AdminRouteKit } from "./route-kit.js";
import { idParam } from "./route-kit.js";
import type { AdminService } from "./service.js";
import { shippingBatchRoutes } from "./shipping-batch-routes.js";
import type { ShopChangeReview } from "./shop-change-review.js";
import { shopReviewRoutes } from "./shop-review-routes.js";
import { shopAdminRoutes } from "./shops-routes.js";
import { systemAdminRoutes } from "./system-routes.js";
import { takeoutAdminRoutes } from "./takeouts-routes.js";
import { tierAdminRoutes } from "./tiers-routes.js";

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
  { method: "GET", url: "/admin/auth/sessions", permission: "staff" },
  { method: "DELETE", url: "/admin/auth/sessions/:id", permission: "staff" },
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
  { method: "GET", url: "/admin/shops/:id/payment_settings", permission: "shops.read" },
  { method: "GET", url: "/admin/shops/:id/store_contract", permission: "settings.read" },
  { method: "PUT", url: "/admin/shops/:id/store_contract", permission: "settings.write" },
  { method: "PUT", url: "/admin/shops/:id/payment_settings", permission: "payments.write" },
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
  { method: "POST", url: "/admin/coupons/:id/codes", permission: "marketing.write" },
  { method: "GET", url: "/admin/coupons/:id/codes.csv", permission: "marketing.read" },
  { method: "GET", url: "/admin/rewards", permission: "marketing.read" },
  { method: "PUT", url: "/admin/rewards/welcome", permission: "marketing.write" },
  { method: "PUT", url: "/admin/rewards/levels/:id", permission: "marketing.write" },
  { method: "PUT", url: "/admin/members/:id/birthday", permission: "members.adjust" },
  { method: "GET", url: "/admin/promotions", permission: "marketing.read" },
  { method: "GET", url: "/admin/promotions/:id", permission: "marketing.read" },
  { method: "POST", url: "/admin/promotions", permission: "marketing.write" },
  { method: "PUT", url: "/admin/promotions/:id", permission: "marketing.write" },
  { method: "DELETE", url: "/admin/promotions/:id", permission: "marketing.write" },
  ...DEAL_ROUTES,
  { method: "GET", url: "/admin/raffles", permission: "marketing.read" },
  { method: "GET", url: "/admin/raffles/:id", permission: "marketing.read" },
  { method: "POST", url: "/admin/raffles", permission: "marketing.write" },
  { method: "PUT", url: "/admin/raffles/:id", permission: "marketing.write" },
  { method: "GET", url: "/admin/tiers", permission: "marketing.read" },
  { method: "GET", url: "/admin/tiers/:id", permission: "marketing.read" },
  { method: "POST", url: "/admin/tiers", permission: "marketing.write" },
  { method: "PUT", url: "/admin/tiers/:id", permission: "marketing.write" },
  { method: "GET", url: "/admin/tier_settings", permission: "marketing.read" },
  { method: "PUT", url: "/admin/tier_settings", permission: "marketing.write" },
  { method: "GET", url: "/admin/members/:id/tier", permission: "members.read" },
  { method: "GET", url: "/admin/withdrawals", permission: "payouts.read" },
  { method: "GET", url: "/admin/withdrawals/:id", permission: "payouts.read" },
  { method: "POST", url: "/admin/withdrawals/:id/approve", permission: "payouts.write" },
  { method: "POST", url: "/admin/withdrawals/:id/pay", permission: "payouts.write" },
  { method: "POST", url: "/admin/withdrawals/:id/reject", permission: "payouts.write" },
  { method: "GET", url: "/admin/shops", permission: "shops.read" },
  { method: "GET", url: "/admin/shops/:id", permission: "shops.read" },
  { method: "POST", url: "/admin/shops", permission: "shops.write" },
  { method: "PUT", url: "/admin/shops/:id", permission: "shops.write" },
  { method: "GET", url: "/admin/shops/:id/analytics", permission: "shops.read" },
  { method: "GET", url: "/admin/shops/:id/analytics.csv", permission: "shops.read" },
  { method: "GET", url: "/admin/shop_requests", permission: "shops.read" },
  { method: "GET", url: "/admin/shop_requests/:id", permission: "shops.read" },
  { method: "POST", url: "/admin/shop_requests/:id/approve", permission: "shops.write" },
  { method: "POST", url: "/admin/shop_requests/:id/reject", permission: "shops.write" },
  { method: "GET", url: "/admin/dealers", permission: "shops.read" },
  { method: "GET", url: "/admin/dealers/:id", permission: "shops.read" },
  { method: "POST", url: "/admin/dealers", permission: "shops.write" },
  { method: "PUT", url: "/admin/dealers/:id", permission: "shops.write" },
  { method: "GET", url: "/admin/orders", permission: "orders.read" },
  { method: "GET", url: "/admin/orders.csv", permission: "orders.read" },
  { method: "GET", url: "/admin/orders/:no", permission: "orders.read" },
  { method: "POST", url: "/admin/orders/:no/confirm_payment", permission: "orders.write" },
  { method: "POST", url: "/admin/orders/:no/ship", permission: "orders.write" },
  { method: "POST", url: "/admin/orders/:no/cvs_shipment", permission: "orders.write" },
  { method: "GET", url: "/admin/orders/:no/cvs_label", permission: "orders.read" },
  { method: "POST", url: "/admin/orders/:no/simulate_logistics", permission: "orders.write" },
  { method: "POST", url: "/admin/orders/:no/hct_shipment", permission: "orders.write" },
  { method: "GET", url: "/admin/orders/:no/hct_label", permission: "orders.read" },
  { method: "POST", url: "/admin/orders/bulk_ship", permission: "orders.write" },
  { method: "POST", url: "/admin/orders/batch_shipments", permission: "orders.write" },
  { method: "POST", url: "/admin/orders/batch_labels", permission: "orders.read" },
  { method: "POST", url: "/admin/orders/:no/deliver", permission: "orders.write" },
  { method: "POST", url: "/admin/orders/:no/complete", permission: "orders.write" },
  { method: "POST", url: "/admin/orders/:no/cancel", permission: "orders.write" },
  { method: "POST", url: "/admin/orders/:no/refund", permission: "orders.write" },
  { method: "GET", url: "/admin/members", permission: "members.read" },
  { method: "GET", url: "/admin/members/:id", permission: "members.read" },
  { method: "POST", url: "/admin/members/:id/adjust", permission: "members.adjust" },
  { method: "POST", url: "/admin/members/:id/coupons", permission: "members.adjust" },
  { method: "PUT", url: "/admin/members/:id", permission: "members.adjust" },
  { method: "POST", url: "/admin/members/:id/suspend", permission: "members.adjust" },
  { method: "POST", url: "/admin/members/:id/reinstate", permission: "members.adjust" },
  { method: "POST", url: "/admin/members/:id/anonymise", permission: "members.erase" },
  { method: "GET", url: "/admin/members/:id/sign_in_lock", permission: "members.read" },
  { method: "POST", url: "/admin/members/:id/unlock_sign_in", permission: "members.adjust" },
  { method: "GET", url: "/admin/settings", permission: "settings.read" },
  { method: "PUT", url: "/admin/settings", permission: "settings.write" },
  { method: "GET", url: "/admin/audit", permission: "audit.read" },
  { method: "GET", url: "/admin/returns", permission: "orders.read" },
  { method: "POST", url: "/admin/returns/:id/approve", permission: "orders.write" },
  { method: "GET", url: "/admin/returns/:id/default_carrier", permission: "orders.read" },
  { method: "POST", url: "/admin/returns/:id/simulate_parcel", permission: "orders.write" },
  { method: "POST", url: "/admin/returns/:id/reject", permission: "orders.write" },
  { method: "POST", url: "/admin/returns/:id/receive", permission: "orders.write" },
  { method: "POST", url: "/admin/returns/:id/refund", permission: "orders.write" },
  { method: "POST", url: "/admin/returns/:id/reship", permission: "orders.write" },
  { method: "GET", url: "/admin/invoices", permission: "orders.read" },
  { method: "GET", url: "/admin/invoices.csv", permission: "orders.read" },
  { method: "GET", url: "/admin/invoices/:id", permission: "orders.read" },
  { method: "POST", url: "/admin/invoices/:id/retry", permission: "orders.write" },
  { method: "POST", url: "/admin/invoices/:id/void", permission: "orders.write" },
  { method: "POST", url: "/admin/invoices/:id/allowance", permission: "orders.write" },
  { method: "POST", url: "/admin/invoices/:id/reissue", permission: "orders.write" },
  { method: "POST", url: "/admin/invoices/:id/allowance_confirmed", permission: "orders.write" },
  { method: "GET", url: "/admin/invoice_settings", permission: "settings.read" },
  { method: "PUT", url: "/admin/invoice_settings", permission: "settings.write" },
  { method: "POST", url: "/admin/invoice_settings/test", permission: "settings.write" },
  { method: "GET", url: "/admin/takeouts", permission: "orders.read" },
  { method: "POST", url: "/admin/takeouts/:id/ship", permission: "orders.write" },
  { method: "POST", url: "/admin/takeouts/:id/deliver", permission: "orders.write" },
  { method: "POST", url: "/admin/takeouts/:id/hct_shipment", permission: "orders.write" },
  { method: "GET", url: "/admin/takeouts/:id/hct_label", permission: "orders.read" },
  { method: "GET", url: "/admin/inquiries", permission: "inquiries.read" },
  { method: "GET", url: "/admin/inquiries/:id", permission: "inquiries.read" },
  { method: "POST", url: "/admin/inquiries/:id/reply", permission: "inquiries.write" },
  { method: "PUT", url: "/admin/inquiries/:id", permission: "inquiries.write" },
  { method: "GET", url: "/admin/messages", permission: "messages.read" },
  { method: "POST", url: "/admin/messages/:id/retry", permission: "messages.write" },
  { method: "GET", url: "/admin/system/channels", permission: "staff" },
  { method: "GET", url: "/admin/system", permission: "system.read" },
  { method: "POST", url: "/admin/system/jobs/:id/retry", permission: "system.write" },
  { method: "POST", url: "/admin/system/jobs/:id/dismiss", permission: "system.write" },
  { method: "GET", url: "/admin/message_templates", permission: "messages.read" },
  { method: "GET", url: "/admin/message_templates/:event", permission: "messages.read" },
  { method: "POST", url: "/admin/message_templates/preview", permission: "messages.read" },
  { method: "PUT", url: "/admin/message_templates/:event", permission: "settings.write" },
  { method: "DELETE", url: "/admin/message_templates/:event", permission: "settings.write" },
  { method: "GET", url: "/admin/mailbox", permission: "messages.read" },
  { method: "GET", url: "/admin/staff", permission: "staff.manage" },
  { method: "GET", url: "/admin/staff/:id", permission: "staff.manage" },
  { method: "POST", url: "/admin/staff", permission: "staff.manage" },
  { method: "PUT", url: "/admin/staff/:id", permission: "staff.manage" },
  { method: "POST", url: "/admin/staff/:id/unlock", permission: "staff.manage" },
  { method: "GET", url: "/admin/staff/:id/sessions", permission: "staff.manage" },
  { method: "DELETE", url: "/admin/staff/:id/sessions", permission: "staff.manage" },
  { method: "GET", url: "/admin/reviews", permission: "catalogue.read" },
  { method: "POST", url: "/admin/reviews/:id/approve", permission: "catalogue.write" },
  { method: "POST", url: "/admin/reviews/:id/hide", permission: "catalogue.write" },
  { method: "POST", url: "/admin/reviews/:id/reply", permission: "catalogue.write" },
];

/** The signed-in staff member and the request's address, for the audit log. */
function actor(req: FastifyRequest) {
  if (!req.staffSession) throw unauthorized();
  return { staff: req.staffSession.staff, ip: req.ip };
}

function bearer(request: FastifyRequest) {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
}

/** What the back-office routes use (the composition root hands each only to its area). */
interface AdminServices {
  admin: AdminService;
  catalogueAdmin: CatalogueAdmin;
  contentAdmin: ContentAdmin;
  couponsAdmin: CouponsAdmin;
  dealersAdmin: DealersAdmin;
  exchangeAdmin: ExchangeAdmin;
  logisticsAdmin: LogisticsAdmin;
  outbox: Outbox;
  messageTemplates: MessageTemplates;
  payout: PayoutService;
  promotionsAdmin: PromotionsAdmin;
  dealsAdmin: DealsAdmin;
  rafflesAdmin: RafflesAdmin;
  shops: ShopsService;
  shopChangeReview: ShopChangeReview;
  shopAnalytics: ShopAnalytics;
  /** 商品評價 (decision 98). */
  productReviews: ProductReviews;
  staff: StaffService;
  support: SupportService;
  takeouts: TakeoutFulfilment;
  returns: Returns;
  memberCare: MemberCare;
  /** Closing an account on the member's request (decision 78). */
  personalData: MemberErasure;
  invoices: InvoiceDesk;
  cvsShipping: CvsShippingDesk;
  hctShipping: HctShippingDesk;
  returnsByCarrier: ReturnsByCarrier;
  shippingBatch: ShippingBatch;
  /** 會員等級 (decision 94). */
  tiers: TiersService;
  /** 生日禮／新會員禮 (decision 95). */
  memberRewards: MemberRewards;
  /** 測試模式: what the shop's own SMTP server received. */
  testMailbox?: LocalSmtp["mailbox"];
  /** 系統狀態 (decision 75). */
  system: Omit<Parameters<typeof systemAdminRoutes>[2], "staff">;
}

/**
 * The back office API (`/api/admin/*`). Staff sign in with their own accounts; every call checks
 * the caller's role against ADMIN_ROUTES on the server, whatever the UI shows.
 */
export function adminRoutes(
  services: AdminServices,
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

    const paged = <T>(r: { total: number; items: T[] }) => ok(r);
    /** A write the storefront shows: its cached reads are dropped. */
    const changed = <T>(data: T, message: string) => {
      invalidate();
      return ok(data, message);
    };

    app.post(
      "/admin/auth/login",
      {
        schema: { body: staffLoginInput, response: answers(staffLogin) },
        config: { rateLimit: { max: loginRateLimit, timeWindow: "1 minute" } },
      },
      async (req) => ok(await staff.login(req.body, { ip: req.ip, userAgent: req.headers["user-agent"] ?? "" }), "登入成功"),
    );
    app.post("/admin/auth/logout", { schema: { response: messageOnly } }, async (req) => {
      if (req.staffSession) await staff.logout(req.staffSession.tokenHash);
      return ok(null, "已登出");
    });
    app.get("/admin/auth/me", { schema: { response: answers(staffView) } }, async (req) =>
      ok(await staff.get(actor(req).staff.id)),
    );
    app.post("/admin/auth/totp/setup", { schema: { response: answers(totpSetup) } }, async (req) =>
      ok(await staff.totpSetup(actor(req))),
    );
    app.post("/admin/auth/totp/enable", { schema: { body: totpCodeInput, response: answers(staffView) } }, async (req) =>
      ok(await staff.totpEnable(actor(req), req.body.code), "已啟用兩步驟驗證"),
    );
    // The caller's own sessions (登入裝置): list them, end any of them.
    app.get("/admin/auth/sessions", { schema: { response: answers(staffSessionList) } }, async (req) =>
      ok(await staff.sessions(actor(req).staff.id, req.staffSession?.tokenHash)),
    );
    app.delete("/admin/auth/sessions/:id", { schema: { params: idParam, response: answers(staffSessionList) } }, async (req) =>
      ok(await staff.revokeOwnSession(actor(req), req.params.id, req.staffSession?.tokenHash), "已登出該裝置"),
    );

    app.get("/admin/dashboard", { schema: { response: answers(adminDashboard) } }, async () => ok(await admin.dashboard()));

    const kit: AdminRouteKit = { actor, paged, changed };
    catalogueAdminRoutes(app, kit, {
      admin,
      catalogueAdmin: services.catalogueAdmin,
      exchangeAdmin: services.exchangeAdmin,
      uploads,
    });
    shopAdminRoutes(app, kit, {
      admin,
      dealersAdmin: services.dealersAdmin,
      logisticsAdmin: services.logisticsAdmin,
      shops: services.shops,
    });
    shopReviewRoutes(app, kit, { review: services.shopChangeReview, analytics: services.shopAnalytics, shops: services.shops });
    contentAdminRoutes(app, kit, { admin, contentAdmin: services.contentAdmin });
    marketingAdminRoutes(app, kit, services);
    dealAdminRoutes(app, kit, services);
    rewardsAdminRoutes(app, kit, services.memberRewards);
    peopleAdminRoutes(app, kit, {
      admin,
      payout: services.payout,
      staff: services.staff,
      memberCare: services.memberCare,
      erasure: services.personalData,
    });
    orderAdminRoutes(app, kit, { admin, cvsShipping: services.cvsShipping, hctShipping: services.hctShipping });
    inquiryAdminRoutes(app, kit, { support: services.support, staff: services.staff });
    takeoutAdminRoutes(app, kit, { takeouts: services.takeouts, staff: services.staff, hctShipping: services.hctShipping });
    returnAdminRoutes(app, kit, { returns: services.returns, staff: services.staff, byCarrier: services.returnsByCarrier });
    shippingBatchRoutes(app, kit, services.shippingBatch);
    invoiceAdminRoutes(app, kit, services.invoices);
    messageAdminRoutes(app, kit, {
      outbox: services.outbox,
      messageTemplates: services.messageTemplates,
      staff: services.staff,
      testMailbox: services.testMailbox,
    });
    systemAdminRoutes(app, kit, { ...services.system, staff: services.staff });
    tierAdminRoutes(app, kit, { tiers: services.tiers, staff: services.staff });
    reviewAdminRoutes(app, kit, services.productReviews);
  };
}
