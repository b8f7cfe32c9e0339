import { reviewAdminQuery, reviewReplyInput } from "@shop/contract";
import { adminReview, adminReviewPage, answers } from "@shop/contract/responses";
import type { ProductReviews } from "../../flows/product-reviews/product-reviews.js";
import type { AdminApp, AdminRouteKit } from "./route-kit.js";
import { idParam } from "./route-kit.js";

/** The back office's 商品評價 (apps/admin/src/reviews.tsx; flows/product-reviews): approve, hide, reply; each audited. */
export function reviewAdminRoutes(app: AdminApp, { actor, paged, changed }: AdminRouteKit, productReviews: ProductReviews) {
  app.get("/admin/reviews", { schema: { querystring: reviewAdminQuery, response: answers(adminReviewPage) } }, async (req) =>
    paged(
      await productReviews.adminPage(
        { status: req.query.status, productId: req.query.product_id },
        req.query.page,
        req.query.per_page,
      ),
    ),
  );
  app.post("/admin/reviews/:id/approve", { schema: { params: idParam, response: answers(adminReview) } }, async (req) =>
    changed(await productReviews.moderate(actor(req), req.params.id, "approved"), "評價已核准，將顯示在商品頁"),
  );
  app.post("/admin/reviews/:id/hide", { schema: { params: idParam, response: answers(adminReview) } }, async (req) =>
    changed(await productReviews.moderate(actor(req), req.params.id, "hidden"), "評價已隱藏"),
  );
  app.post(
    "/admin/reviews/:id/reply",
    { schema: { params: idParam, body: reviewReplyInput, response: answers(adminReview) } },
    async (req) => changed(await productReviews.reply(actor(req), req.params.id, req.body.reply), "已回覆評價"),
  );
}
