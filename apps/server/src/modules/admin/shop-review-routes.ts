import { answers, raw, sellerAnalytics, shopChangeRequestView } from "@shop/contract/responses";
import { analyticsQuery, shopChangeListQuery, shopChangeRejectInput } from "@shop/contract/seller-shop";
import { z } from "zod";
import type { ShopAnalytics } from "../../flows/shop-analytics/shop-analytics.js";
import { notFound } from "../../lib/errors.js";
import { ok } from "../../lib/http.js";
import type { ShopsService } from "../shops/service.js";
import type { AdminApp, AdminRouteKit } from "./route-kit.js";
import { idParam } from "./route-kit.js";
import type { ShopChangeReview } from "./shop-change-review.js";

/** Back office: sellers' shop change requests (decision 46) and each shop's analytics (decision 47). */
export function shopReviewRoutes(
  app: AdminApp,
  { actor, paged, changed }: AdminRouteKit,
  services: { review: ShopChangeReview; analytics: ShopAnalytics; shops: ShopsService },
) {
  const { review, analytics, shops } = services;
  const requestPage = z.object({ total: z.number().int(), items: z.array(shopChangeRequestView) });
  const shopOf = async (id: number) => {
    const shop = await shops.byId(id);
    if (!shop) throw notFound("SHOP_NOT_FOUND", "找不到此商城");
    return shop;
  };

  app.get(
    "/admin/shop_requests",
    { schema: { querystring: shopChangeListQuery, response: answers(requestPage) } },
    async (req) => {
      const { list, total } = await review.shopChangeRequests(req.query.status, req.query.page, req.query.per_page);
      return paged({ total, items: list });
    },
  );
  app.get("/admin/shop_requests/:id", { schema: { params: idParam, response: answers(shopChangeRequestView) } }, async (req) =>
    ok(await review.shopChangeRequest(req.params.id)),
  );
  app.post(
    "/admin/shop_requests/:id/approve",
    { schema: { params: idParam, response: answers(shopChangeRequestView) } },
    async (req) => changed(await review.approveShopChange(actor(req), req.params.id), "已核准，變更已生效"),
  );
  app.post(
    "/admin/shop_requests/:id/reject",
    { schema: { params: idParam, body: shopChangeRejectInput, response: answers(shopChangeRequestView) } },
    async (req) => ok(await review.rejectShopChange(actor(req), req.params.id, req.body.reason), "已退回申請"),
  );
  app.get(
    "/admin/shops/:id/analytics",
    { schema: { params: idParam, querystring: analyticsQuery, response: answers(sellerAnalytics) } },
    async (req) => ok(await analytics.report(await shopOf(req.params.id), req.query)),
  );
  app.get(
    "/admin/shops/:id/analytics.csv",
    {
      schema: {
        params: idParam,
        querystring: analyticsQuery,
        response: raw("text/csv", "the shop's figures for the period by day, product and source, UTF-8 with a BOM"),
      },
    },
    async (req, reply) => {
      const report = await analytics.report(await shopOf(req.params.id), req.query);
      reply.header("content-type", "text/csv; charset=utf-8");
      reply.header("content-disposition", `attachment; filename="shop-${report.shop.id}-${report.from}-${report.to}.csv"`);
      return analytics.csv(report);
    },
  );
}
