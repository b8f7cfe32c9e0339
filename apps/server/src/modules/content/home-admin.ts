import type { HomeBlocksInput } from "@shop/contract/admin";
import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { promoImages, quickOrders, topHrefs } from "../../db/schema/index.js";
import type { AuditHook } from "../../lib/admin-table.js";
import { fieldError } from "../../lib/errors.js";
import type { ShopsService } from "../shops/service.js";

/** What the home page's back-office functions use, built by createContentAdmin. */
export interface HomeAdminDeps {
  db: Db;
  shops: Pick<ShopsService, "ownSettings" | "setSettings">;
  variantProduct: (variantIds: number[]) => Promise<Map<number, number>>;
}

const HOME_KEYS = ["home_title", "home_description", "home_video"] as const;

/** A shop's home blocks as the back office edits them: its own, no fallback. */
export async function homeBlocks(deps: HomeAdminDeps, shopId: number) {
  const [settings, links, images, quick] = await Promise.all([
    deps.shops.ownSettings(shopId, HOME_KEYS),
    deps.db.select().from(topHrefs).where(eq(topHrefs.shopId, shopId)).orderBy(asc(topHrefs.sort), asc(topHrefs.id)),
    deps.db.select().from(promoImages).where(eq(promoImages.shopId, shopId)).orderBy(asc(promoImages.sort), asc(promoImages.id)),
    deps.db.select().from(quickOrders).where(eq(quickOrders.shopId, shopId)).orderBy(asc(quickOrders.sort), asc(quickOrders.id)),
  ]);
  const get = (k: (typeof HOME_KEYS)[number]) => settings[k] ?? "";
  const promo = (slot: "single" | "twice") =>
    images
      .filter((i) => i.slot === slot)
      .map((i) => ({ title: i.title, image: i.image, image_mobile: i.imageMobile, link: i.link }));
  return {
    id: shopId,
    home_title: get("home_title"),
    home_description: get("home_description"),
    video: get("home_video") ? JSON.parse(get("home_video")) : null,
    top_links: links.map((l) => ({ title: l.title, url: l.url })),
    single_images: promo("single"),
    twice_images: promo("twice"),
    quick_orders: quick.map((q) => ({ variant_id: q.variantId, title: q.title, image: q.image })),
  };
}
export type HomeView = Awaited<ReturnType<typeof homeBlocks>>;

async function writeHome(deps: HomeAdminDeps, tx: Tx, shopId: number, input: HomeBlocksInput, products: Map<number, number>) {
  const values: Record<(typeof HOME_KEYS)[number], string> = {
    home_title: input.home_title,
    home_description: input.home_description,
    home_video: input.video ? JSON.stringify(input.video) : "",
  };
  await deps.shops.setSettings(tx, shopId, values);
  // Lists are replaced whole: the form always sends the full, ordered list.
  await tx.delete(topHrefs).where(eq(topHrefs.shopId, shopId));
  await tx.delete(promoImages).where(eq(promoImages.shopId, shopId));
  await tx.delete(quickOrders).where(eq(quickOrders.shopId, shopId));
  if (input.top_links.length > 0)
    await tx.insert(topHrefs).values(input.top_links.map((l, sort) => ({ shopId, title: l.title, url: l.url, sort })));
  const promo = [
    ...input.single_images.map((i, sort) => ({ ...i, slot: "single" as const, sort })),
    ...input.twice_images.map((i, sort) => ({ ...i, slot: "twice" as const, sort })),
  ];
  if (promo.length > 0)
    await tx.insert(promoImages).values(
      promo.map((i) => ({
        shopId,
        slot: i.slot,
        title: i.title,
        image: i.image,
        imageMobile: i.image_mobile,
        link: i.link,
        sort: i.sort,
      })),
    );
  if (input.quick_orders.length > 0)
    await tx.insert(quickOrders).values(
      input.quick_orders.map((q, sort) => ({
        shopId,
        productId: products.get(q.variant_id) ?? 0,
        variantId: q.variant_id,
        title: q.title,
        image: q.image,
        sort,
      })),
    );
}

export async function saveHome(deps: HomeAdminDeps, shopId: number, input: HomeBlocksInput, audit: AuditHook<HomeView>) {
  const products = await deps.variantProduct(input.quick_orders.map((q) => q.variant_id));
  input.quick_orders.forEach((q, i) => {
    if (!products.has(q.variant_id)) throw fieldError(`quick_orders.${i}.variant_id`, "找不到此商品規格");
  });
  const before = await homeBlocks(deps, shopId);
  return deps.db.transaction(async (tx) => {
    await writeHome(deps, tx, shopId, input, products);
    const after = { ...before, ...input, id: shopId };
    await audit(tx, before, after);
    return after;
  });
}
