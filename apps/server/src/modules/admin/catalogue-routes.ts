import { categoryInput, exchangeItemInput, listQuery, productInput, stockAdjustInput } from "@shop/contract/admin";
import {
  adminCategory,
  adminCategoryPage,
  adminExchangeItem,
  adminExchangeItemPage,
  adminProduct,
  adminProductPage,
  answers,
  uploadedImage,
} from "@shop/contract/responses";
import { DomainError } from "../../lib/errors.js";
import { ok } from "../../lib/http.js";
import type { CatalogueAdmin } from "../catalogue/admin.js";
import type { ExchangeAdmin } from "../exchange/admin.js";
import type { UploadService } from "../media/uploads.js";
import type { AdminApp, AdminRouteKit } from "./route-kit.js";
import { idParam, productFilter } from "./route-kit.js";
import type { AdminService } from "./service.js";

/** Back office: products, categories, stock, exchange items and image uploads (apps/admin/src/products.tsx). */
export function catalogueAdminRoutes(
  app: AdminApp,
  { actor, paged, changed }: AdminRouteKit,
  services: { admin: AdminService; catalogueAdmin: CatalogueAdmin; exchangeAdmin: ExchangeAdmin; uploads: UploadService },
) {
  const { admin, uploads } = services;
  app.get("/admin/categories", { schema: { response: answers(adminCategoryPage) } }, async () => {
    const items = await services.catalogueAdmin.categories();
    return paged({ total: items.length, items });
  });
  app.get("/admin/products", { schema: { querystring: productFilter, response: answers(adminProductPage) } }, async (req) =>
    paged(await services.catalogueAdmin.list(req.query, req.query.page, req.query.per_page)),
  );
  app.get("/admin/products/:id", { schema: { params: idParam, response: answers(adminProduct) } }, async (req) =>
    ok(await services.catalogueAdmin.view(req.params.id)),
  );
  app.post("/admin/products", { schema: { body: productInput, response: answers(adminProduct) } }, async (req) =>
    changed(await admin.createProduct(actor(req), req.body), "商品已建立"),
  );
  app.put(
    "/admin/products/:id",
    { schema: { params: idParam, body: productInput, response: answers(adminProduct) } },
    async (req) => changed(await admin.updateProduct(actor(req), req.params.id, req.body), "商品已更新"),
  );
  app.post(
    "/admin/products/:id/stock",
    { schema: { params: idParam, body: stockAdjustInput, response: answers(adminProduct) } },
    async (req) => {
      const { product, released } = await admin.adjustStock(actor(req), req.params.id, req.body);
      const message = released > 0 ? `庫存已調整，已放行 ${released} 筆預購訂單` : "庫存已調整";
      return changed({ ...product, preorders_released: released }, message);
    },
  );

  app.get("/admin/categories/:id", { schema: { params: idParam, response: answers(adminCategory) } }, async (req) =>
    ok(await services.catalogueAdmin.category(req.params.id)),
  );
  app.post("/admin/categories", { schema: { body: categoryInput, response: answers(adminCategory) } }, async (req) =>
    changed(await admin.createCategory(actor(req), req.body), "分類已建立"),
  );
  app.put(
    "/admin/categories/:id",
    { schema: { params: idParam, body: categoryInput, response: answers(adminCategory) } },
    async (req) => changed(await admin.updateCategory(actor(req), req.params.id, req.body), "分類已更新"),
  );

  app.get(
    "/admin/exchange_items",
    { schema: { querystring: listQuery, response: answers(adminExchangeItemPage) } },
    async (req) => paged(await services.exchangeAdmin.list(req.query.page, req.query.per_page)),
  );
  app.get("/admin/exchange_items/:id", { schema: { params: idParam, response: answers(adminExchangeItem) } }, async (req) =>
    ok(await services.exchangeAdmin.get(req.params.id)),
  );
  app.post("/admin/exchange_items", { schema: { body: exchangeItemInput, response: answers(adminExchangeItem) } }, async (req) =>
    changed(await admin.createExchangeItem(actor(req), req.body), "兌換商品已建立"),
  );
  app.put(
    "/admin/exchange_items/:id",
    { schema: { params: idParam, body: exchangeItemInput, response: answers(adminExchangeItem) } },
    async (req) => changed(await admin.updateExchangeItem(actor(req), req.params.id, req.body), "兌換商品已更新"),
  );

  app.post("/admin/uploads", { schema: { response: answers(uploadedImage) } }, async (req) => {
    if (!req.isMultipart()) throw new DomainError("unsupported_media", "MULTIPART_REQUIRED", "請以檔案上傳圖片");
    const file = await req.file();
    if (!file) throw new DomainError("invalid", "IMAGE_REQUIRED", "請選擇要上傳的圖片");
    return ok(await uploads.saveImage(file), "圖片已上傳");
  });
}
