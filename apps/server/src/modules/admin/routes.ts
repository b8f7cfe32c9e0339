import multipart from "@fastify/multipart";
import {
  balanceAdjustInput,
  bannerInput,
  listQuery,
  orderListQuery,
  type Permission,
  productInput,
  reasonInput,
  settingsInput,
  shipInput,
  staffInput,
  staffLoginInput,
  staffUpdateInput,
  stockAdjustInput,
  totpCodeInput,
} from "@shop/contract/admin";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, unauthorized } from "../../lib/errors.js";
import { ok } from "../../lib/http.js";
import type { Services } from "../../services.js";
import type { UploadService } from "../media/uploads.js";
import type { StaffSession } from "../staff/service.js";

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
  { method: "GET", url: "/admin/banners", permission: "catalogue.read" },
  { method: "GET", url: "/admin/banners/:id", permission: "catalogue.read" },
  { method: "POST", url: "/admin/banners", permission: "content.write" },
  { method: "PUT", url: "/admin/banners/:id", permission: "content.write" },
  { method: "DELETE", url: "/admin/banners/:id", permission: "content.write" },
  { method: "GET", url: "/admin/orders", permission: "orders.read" },
  { method: "GET", url: "/admin/orders.csv", permission: "orders.read" },
  { method: "GET", url: "/admin/orders/:no", permission: "orders.read" },
  { method: "POST", url: "/admin/orders/:no/confirm_payment", permission: "orders.write" },
  { method: "POST", url: "/admin/orders/:no/ship", permission: "orders.write" },
  { method: "POST", url: "/admin/orders/:no/cancel", permission: "orders.write" },
  { method: "POST", url: "/admin/orders/:no/refund", permission: "orders.write" },
  { method: "GET", url: "/admin/members", permission: "members.read" },
  { method: "GET", url: "/admin/members/:id", permission: "members.read" },
  { method: "POST", url: "/admin/members/:id/adjust", permission: "members.adjust" },
  { method: "GET", url: "/admin/settings", permission: "settings.read" },
  { method: "PUT", url: "/admin/settings", permission: "settings.write" },
  { method: "GET", url: "/admin/audit", permission: "audit.read" },
  { method: "GET", url: "/admin/staff", permission: "staff.manage" },
  { method: "GET", url: "/admin/staff/:id", permission: "staff.manage" },
  { method: "POST", url: "/admin/staff", permission: "staff.manage" },
  { method: "PUT", url: "/admin/staff/:id", permission: "staff.manage" },
];

const idParam = z.object({ id: z.coerce.number().int().positive({ error: "編號格式不正確" }).max(2_147_483_647) });
const orderParam = z.object({ no: z.string().regex(/^\d{8,24}$/, { error: "訂單編號格式不正確" }) });
const productFilter = listQuery.extend({
  category_id: z.coerce.number().int().positive().optional(),
  status: z.enum(["on", "off"]).optional(),
});
const bannerFilter = listQuery.extend({ shop_id: z.coerce.number().int().positive().optional() });
const memberFilter = listQuery.extend({ shop_id: z.coerce.number().int().positive().optional() });
const auditFilter = listQuery.extend({ entity: z.string().max(30).optional(), entity_id: z.string().max(40).optional() });

function bearer(request: FastifyRequest) {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
}

/**
 * The back office API (`/api/admin/*`). Staff sign in with their own accounts; every call checks
 * the caller's role against ADMIN_ROUTES on the server, whatever the UI shows.
 */
export function adminRoutes(
  services: Services,
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
    app.post("/admin/products", { schema: { body: productInput } }, async (req) => {
      const p = await admin.createProduct(actor(req), req.body);
      invalidate();
      return ok(p, "商品已建立");
    });
    app.put("/admin/products/:id", { schema: { params: idParam, body: productInput } }, async (req) => {
      const p = await admin.updateProduct(actor(req), req.params.id, req.body);
      invalidate();
      return ok(p, "商品已更新");
    });
    app.post("/admin/products/:id/stock", { schema: { params: idParam, body: stockAdjustInput } }, async (req) => {
      const p = await admin.adjustStock(actor(req), req.params.id, req.body);
      invalidate();
      return ok(p, "庫存已調整");
    });

    app.post("/admin/uploads", async (req) => {
      if (!req.isMultipart()) throw new AppError(415, "請以檔案上傳圖片");
      const file = await req.file();
      if (!file) throw new AppError(400, "請選擇要上傳的圖片");
      return ok(await uploads.saveImage(file), "圖片已上傳");
    });

    app.get("/admin/banners", { schema: { querystring: bannerFilter } }, async (req) =>
      paged(await services.contentAdmin.banners(req.query.shop_id, req.query.page, req.query.per_page)),
    );
    app.get("/admin/banners/:id", { schema: { params: idParam } }, async (req) =>
      ok(await services.contentAdmin.banner(req.params.id)),
    );
    app.post("/admin/banners", { schema: { body: bannerInput } }, async (req) => {
      const b = await admin.createBanner(actor(req), req.body);
      invalidate();
      return ok(b, "橫幅已建立");
    });
    app.put("/admin/banners/:id", { schema: { params: idParam, body: bannerInput } }, async (req) => {
      const b = await admin.updateBanner(actor(req), req.params.id, req.body);
      invalidate();
      return ok(b, "橫幅已更新");
    });
    app.delete("/admin/banners/:id", { schema: { params: idParam } }, async (req) => {
      const b = await admin.deleteBanner(actor(req), req.params.id);
      invalidate();
      return ok(b, "橫幅已刪除");
    });

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
    app.post("/admin/orders/:no/refund", { schema: { params: orderParam, body: reasonInput } }, async (req) =>
      ok(await admin.refund(actor(req), req.params.no, req.body.reason), "已退貨退款"),
    );

    app.get("/admin/members", { schema: { querystring: memberFilter } }, async (req) =>
      paged(await admin.members(req.query, req.query.page, req.query.per_page)),
    );
    app.get("/admin/members/:id", { schema: { params: idParam } }, async (req) => ok(await admin.member(req.params.id)));
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
