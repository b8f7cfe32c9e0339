import { addonDealInput, giftRuleInput } from "@shop/contract/admin";
import { adminAddonDeal, adminAddonDealPage, adminGiftRule, adminGiftRulePage, answers } from "@shop/contract/responses";
import type { z } from "zod";
import { fieldError } from "../../lib/errors.js";
import { ok } from "../../lib/http.js";
import type { CatalogueAdmin } from "../catalogue/admin.js";
import type { DealsAdmin } from "../promotions/deals-admin.js";
import type { Actor, StaffService } from "../staff/service.js";
import { audited } from "./operations.js";
import type { AdminApp, AdminRouteKit } from "./route-kit.js";
import { idParam, shopFilter } from "./route-kit.js";

/** The back office's 加價購 and 滿額贈 routes and what each needs (ADMIN_ROUTES takes them). */
export const DEAL_ROUTES = [
  { method: "GET", url: "/admin/addon_deals", permission: "marketing.read" },
  { method: "GET", url: "/admin/addon_deals/:id", permission: "marketing.read" },
  { method: "POST", url: "/admin/addon_deals", permission: "marketing.write" },
  { method: "PUT", url: "/admin/addon_deals/:id", permission: "marketing.write" },
  { method: "GET", url: "/admin/gift_rules", permission: "marketing.read" },
  { method: "GET", url: "/admin/gift_rules/:id", permission: "marketing.read" },
  { method: "POST", url: "/admin/gift_rules", permission: "marketing.write" },
  { method: "PUT", url: "/admin/gift_rules/:id", permission: "marketing.write" },
] as const;

interface Deps {
  dealsAdmin: DealsAdmin;
  catalogueAdmin: Pick<CatalogueAdmin, "missing">;
  staff: StaffService;
}

async function mustExist(d: Deps, kind: "product" | "variant", ids: number[], field: string) {
  const missing = await d.catalogueAdmin.missing(kind, ids);
  if (missing.length > 0) throw fieldError(field, `找不到${kind === "product" ? "商品" : "商品規格"}編號 ${missing.join("、")}`);
}

/** Every write checked (the variants and trigger products exist) and audited (decision 93). */
function writes(d: Deps) {
  const addon = async (input: z.infer<typeof addonDealInput>) => {
    await mustExist(d, "variant", [input.variant_id], "variant_id");
    await mustExist(d, "product", input.trigger_product_ids, "trigger_product_ids");
  };
  return {
    createAddOn: async (actor: Actor, input: z.infer<typeof addonDealInput>) => {
      await addon(input);
      return d.dealsAdmin.addOns.create(input, audited(d, actor, "addon_deal"));
    },
    updateAddOn: async (actor: Actor, id: number, input: z.infer<typeof addonDealInput>) => {
      await addon(input);
      return d.dealsAdmin.addOns.update(id, input, audited(d, actor, "addon_deal"));
    },
    createGift: async (actor: Actor, input: z.infer<typeof giftRuleInput>) => {
      await mustExist(d, "variant", input.variant_ids, "variant_ids");
      return d.dealsAdmin.gifts.create(input, audited(d, actor, "gift_rule"));
    },
    updateGift: async (actor: Actor, id: number, input: z.infer<typeof giftRuleInput>) => {
      await mustExist(d, "variant", input.variant_ids, "variant_ids");
      return d.dealsAdmin.gifts.update(id, input, audited(d, actor, "gift_rule"));
    },
  };
}

/** Back office: 加價購 and 滿額贈 (apps/admin/src/deals.tsx). Turning one off is an update with `active: false`. */
export function dealAdminRoutes(app: AdminApp, { actor, paged, changed }: AdminRouteKit, d: Deps) {
  const w = writes(d);
  app.get("/admin/addon_deals", { schema: { querystring: shopFilter, response: answers(adminAddonDealPage) } }, async (req) =>
    paged(await d.dealsAdmin.addOns.list(req.query.shop_id, req.query.page, req.query.per_page)),
  );
  app.get("/admin/addon_deals/:id", { schema: { params: idParam, response: answers(adminAddonDeal) } }, async (req) =>
    ok(await d.dealsAdmin.addOns.get(req.params.id)),
  );
  app.post("/admin/addon_deals", { schema: { body: addonDealInput, response: answers(adminAddonDeal) } }, async (req) =>
    changed(await w.createAddOn(actor(req), req.body), "加價購已建立"),
  );
  app.put(
    "/admin/addon_deals/:id",
    { schema: { params: idParam, body: addonDealInput, response: answers(adminAddonDeal) } },
    async (req) => changed(await w.updateAddOn(actor(req), req.params.id, req.body), "加價購已更新"),
  );
  app.get("/admin/gift_rules", { schema: { querystring: shopFilter, response: answers(adminGiftRulePage) } }, async (req) =>
    paged(await d.dealsAdmin.gifts.list(req.query.shop_id, req.query.page, req.query.per_page)),
  );
  app.get("/admin/gift_rules/:id", { schema: { params: idParam, response: answers(adminGiftRule) } }, async (req) =>
    ok(await d.dealsAdmin.gifts.get(req.params.id)),
  );
  app.post("/admin/gift_rules", { schema: { body: giftRuleInput, response: answers(adminGiftRule) } }, async (req) =>
    changed(await w.createGift(actor(req), req.body), "滿額贈已建立"),
  );
  app.put(
    "/admin/gift_rules/:id",
    { schema: { params: idParam, body: giftRuleInput, response: answers(adminGiftRule) } },
    async (req) => changed(await w.updateGift(actor(req), req.params.id, req.body), "滿額贈已更新"),
  );
}
