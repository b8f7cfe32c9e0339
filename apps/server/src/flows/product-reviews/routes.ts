import multipart from "@fastify/multipart";
import { productReviewsQuery, reviewInput, reviewLinesQuery } from "@shop/contract";
import { answers, productReviewPage, publicReview, reviewableLines, reviewPhoto } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DomainError } from "../../lib/errors.js";
import { ok } from "../../lib/http.js";
import type { UploadService } from "../../modules/media/uploads.js";
import { type SessionGuards, sessionOf } from "../../plugins/session.js";
import { type ProductReviews, reviewPhotoFolder } from "./product-reviews.js";

/** Reviews on the storefront: a product's approved reviews, and a buyer's own (decision 98). */
export function productReviewRoutes(
  deps: { productReviews: ProductReviews; uploads: UploadService },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  const { productReviews } = deps;
  const member = { preHandler: guards.requireMember };
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: 8 * 1024 * 1024, files: 1, fields: 2 } });
    app.get(
      "/product/reviews",
      { schema: { querystring: productReviewsQuery, response: answers(productReviewPage) } },
      async (req) => ok(await productReviews.forProduct(req.query.id, req.query.page, req.query.per_page)),
    );
    app.get(
      "/member/reviews",
      { ...member, schema: { querystring: reviewLinesQuery, response: answers(reviewableLines) } },
      async (req) => ok(await productReviews.lines(sessionOf(req).member.id, req.query.order_no)),
    );
    app.post(
      "/member/reviews",
      {
        ...member,
        config: { rateLimit: { max: 30, timeWindow: "1 hour" } },
        schema: { body: reviewInput, response: answers(publicReview) },
      },
      async (req) => ok(await productReviews.write(sessionOf(req).member, req.body), "感謝您的評價！審核通過後就會顯示在商品頁"),
    );
    app.post(
      "/member/reviews/photo",
      { ...member, config: { rateLimit: { max: 30, timeWindow: "1 hour" } }, schema: { response: answers(reviewPhoto) } },
      async (req) => {
        if (!req.isMultipart()) throw new DomainError("unsupported_media", "MULTIPART_REQUIRED", "請以檔案上傳圖片");
        const file = await req.file();
        if (!file) throw new DomainError("invalid", "IMAGE_REQUIRED", "請選擇要上傳的照片");
        return ok(await deps.uploads.saveImage(file, reviewPhotoFolder(sessionOf(req).member.id)), "照片已上傳");
      },
    );
  };
}
