import { couponCodesInput, couponInput, listQuery, promotionInput, raffleInput } from "@shop/contract/admin";
import {
  adminCoupon,
  adminCouponPage,
  adminPromotion,
  adminPromotionPage,
  adminRaffle,
  adminRafflePage,
  answers,
  raw,
} from "@shop/contract/responses";
import { ok } from "../../lib/http.js";
import type { CouponsAdmin } from "../loyalty/coupons-admin.js";
import type { PromotionsAdmin } from "../promotions/admin.js";
import type { RafflesAdmin } from "../raffles/admin.js";
import type { AdminApp, AdminRouteKit } from "./route-kit.js";
import { idParam, shopFilter } from "./route-kit.js";
import type { AdminService } from "./service.js";

/** Back office: coupons, promotions and raffles (apps/admin/src/marketing.tsx). */
export function marketingAdminRoutes(
  app: AdminApp,
  { actor, paged, changed }: AdminRouteKit,
  services: { admin: AdminService; couponsAdmin: CouponsAdmin; promotionsAdmin: PromotionsAdmin; rafflesAdmin: RafflesAdmin },
) {
  const { admin } = services;
  app.get("/admin/coupons", { schema: { querystring: listQuery, response: answers(adminCouponPage) } }, async (req) =>
    paged(await services.couponsAdmin.list(req.query.page, req.query.per_page)),
  );
  app.get("/admin/coupons/:id", { schema: { params: idParam, response: answers(adminCoupon) } }, async (req) =>
    ok(await services.couponsAdmin.get(req.params.id)),
  );
  app.post("/admin/coupons", { schema: { body: couponInput, response: answers(adminCoupon) } }, async (req) =>
    ok(await admin.createCoupon(actor(req), req.body), "優惠券已建立"),
  );
  app.put("/admin/coupons/:id", { schema: { params: idParam, body: couponInput, response: answers(adminCoupon) } }, async (req) =>
    ok(await admin.updateCoupon(actor(req), req.params.id, req.body), "優惠券已更新"),
  );
  app.post(
    "/admin/coupons/:id/codes",
    { schema: { params: idParam, body: couponCodesInput, response: answers(adminCoupon) } },
    async (req) =>
      ok(await admin.generateCouponCodes(actor(req), req.params.id, req.body.count), `已產生 ${req.body.count} 組優惠碼`),
  );
  app.get(
    "/admin/coupons/:id/codes.csv",
    { schema: { params: idParam, response: raw("text/csv", "the coupon's single-use codes and their use, UTF-8 with a BOM") } },
    async (req, reply) => {
      reply.header("content-type", "text/csv; charset=utf-8");
      reply.header("content-disposition", `attachment; filename="coupon-${req.params.id}-codes.csv"`);
      return services.couponsAdmin.codesCsv(req.params.id);
    },
  );
  app.get("/admin/promotions", { schema: { querystring: shopFilter, response: answers(adminPromotionPage) } }, async (req) =>
    paged(await services.promotionsAdmin.list(req.query.shop_id, req.query.page, req.query.per_page)),
  );
  app.get("/admin/promotions/:id", { schema: { params: idParam, response: answers(adminPromotion) } }, async (req) =>
    ok(await services.promotionsAdmin.get(req.params.id)),
  );
  app.post("/admin/promotions", { schema: { body: promotionInput, response: answers(adminPromotion) } }, async (req) =>
    changed(await admin.createPromotion(actor(req), req.body), "活動已建立"),
  );
  app.put(
    "/admin/promotions/:id",
    { schema: { params: idParam, body: promotionInput, response: answers(adminPromotion) } },
    async (req) => changed(await admin.updatePromotion(actor(req), req.params.id, req.body), "活動已更新"),
  );
  app.delete("/admin/promotions/:id", { schema: { params: idParam, response: answers(adminPromotion) } }, async (req) =>
    changed(await admin.deletePromotion(actor(req), req.params.id), "活動已刪除"),
  );
  app.get("/admin/raffles", { schema: { querystring: listQuery, response: answers(adminRafflePage) } }, async (req) =>
    paged(await services.rafflesAdmin.list(req.query.page, req.query.per_page)),
  );
  app.get("/admin/raffles/:id", { schema: { params: idParam, response: answers(adminRaffle) } }, async (req) =>
    ok(await services.rafflesAdmin.get(req.params.id)),
  );
  app.post("/admin/raffles", { schema: { body: raffleInput, response: answers(adminRaffle) } }, async (req) =>
    changed(await admin.createRaffle(actor(req), req.body), "抽獎活動已建立"),
  );
  app.put("/admin/raffles/:id", { schema: { params: idParam, body: raffleInput, response: answers(adminRaffle) } }, async (req) =>
    changed(await admin.updateRaffle(actor(req), req.params.id, req.body), "抽獎活動已更新"),
  );
}
