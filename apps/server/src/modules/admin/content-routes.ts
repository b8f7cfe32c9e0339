import { bannerInput, homeBlocksInput, newsInput, staticPageInput } from "@shop/contract/admin";
import {
  adminBanner,
  adminBannerPage,
  adminHomeBlocks,
  adminNews,
  adminNewsPage,
  adminStaticPage,
  adminStaticPagePage,
  answers,
} from "@shop/contract/responses";
import { ok } from "../../lib/http.js";
import type { ContentAdmin } from "../content/admin.js";
import type { AdminApp, AdminRouteKit } from "./route-kit.js";
import { idParam, shopFilter } from "./route-kit.js";
import type { AdminService } from "./service.js";

/** Back office: banners, news, static pages and home blocks (apps/admin/src/content.tsx). */
export function contentAdminRoutes(
  app: AdminApp,
  { actor, paged, changed }: AdminRouteKit,
  services: { admin: AdminService; contentAdmin: ContentAdmin },
) {
  const { admin } = services;
  app.get("/admin/banners", { schema: { querystring: shopFilter, response: answers(adminBannerPage) } }, async (req) =>
    paged(await services.contentAdmin.banners(req.query.shop_id, req.query.page, req.query.per_page)),
  );
  app.get("/admin/banners/:id", { schema: { params: idParam, response: answers(adminBanner) } }, async (req) =>
    ok(await services.contentAdmin.banner(req.params.id)),
  );
  app.post("/admin/banners", { schema: { body: bannerInput, response: answers(adminBanner) } }, async (req) =>
    changed(await admin.createBanner(actor(req), req.body), "橫幅已建立"),
  );
  app.put("/admin/banners/:id", { schema: { params: idParam, body: bannerInput, response: answers(adminBanner) } }, async (req) =>
    changed(await admin.updateBanner(actor(req), req.params.id, req.body), "橫幅已更新"),
  );
  app.delete("/admin/banners/:id", { schema: { params: idParam, response: answers(adminBanner) } }, async (req) =>
    changed(await admin.deleteBanner(actor(req), req.params.id), "橫幅已刪除"),
  );

  app.get("/admin/news", { schema: { querystring: shopFilter, response: answers(adminNewsPage) } }, async (req) =>
    paged(await services.contentAdmin.news(req.query.shop_id, req.query.page, req.query.per_page)),
  );
  app.get("/admin/news/:id", { schema: { params: idParam, response: answers(adminNews) } }, async (req) =>
    ok(await services.contentAdmin.newsItem(req.params.id)),
  );
  app.post("/admin/news", { schema: { body: newsInput, response: answers(adminNews) } }, async (req) =>
    changed(await admin.createNews(actor(req), req.body), "消息已建立"),
  );
  app.put("/admin/news/:id", { schema: { params: idParam, body: newsInput, response: answers(adminNews) } }, async (req) =>
    changed(await admin.updateNews(actor(req), req.params.id, req.body), "消息已更新"),
  );
  app.delete("/admin/news/:id", { schema: { params: idParam, response: answers(adminNews) } }, async (req) =>
    changed(await admin.deleteNews(actor(req), req.params.id), "消息已刪除"),
  );
  app.get("/admin/pages", { schema: { querystring: shopFilter, response: answers(adminStaticPagePage) } }, async (req) =>
    paged(await services.contentAdmin.pages(req.query.shop_id, req.query.page, req.query.per_page)),
  );
  app.get("/admin/pages/:id", { schema: { params: idParam, response: answers(adminStaticPage) } }, async (req) =>
    ok(await services.contentAdmin.page(req.params.id)),
  );
  app.post("/admin/pages", { schema: { body: staticPageInput, response: answers(adminStaticPage) } }, async (req) =>
    changed(await admin.createPage(actor(req), req.body), "頁面已建立"),
  );
  app.put(
    "/admin/pages/:id",
    { schema: { params: idParam, body: staticPageInput, response: answers(adminStaticPage) } },
    async (req) => changed(await admin.updatePage(actor(req), req.params.id, req.body), "頁面已更新"),
  );
  app.delete("/admin/pages/:id", { schema: { params: idParam, response: answers(adminStaticPage) } }, async (req) =>
    changed(await admin.deletePage(actor(req), req.params.id), "頁面已刪除"),
  );
  app.get("/admin/home_blocks/:id", { schema: { params: idParam, response: answers(adminHomeBlocks) } }, async (req) => {
    await admin.shop(req.params.id);
    return ok(await services.contentAdmin.home(req.params.id));
  });
  app.put(
    "/admin/home_blocks/:id",
    { schema: { params: idParam, body: homeBlocksInput, response: answers(adminHomeBlocks) } },
    async (req) => changed(await admin.saveHome(actor(req), req.params.id, req.body), "首頁區塊已儲存"),
  );
}
