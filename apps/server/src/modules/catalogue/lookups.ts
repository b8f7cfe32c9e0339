import { type Lang, MAIN_SHOP_ID, type PointPercent } from "@shop/contract";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { categories, products, variants } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { type CatalogueDeps, stockState } from "./shelf.js";

// What other modules ask of the catalogue: variants for carts and orders, names, points.

/**
 * What a cart needs of its variants: names, today's price, exact stock (never shown), limits.
 * Prepared once per form (main mall, any sub-mall) with the ids as one array (decision 61's
 * habit): every quote, cart and order reads this, and building the statement each time cost
 * more of the quote than anything else (docs/performance.md, eighth sitting).
 */
export function createCartVariants(db: Db, onShelf: SQL, walkingSubMall: (shop: unknown) => SQL) {
  const statement = (shopCondition: SQL) =>
    db
      .select({
        id: variants.id,
        productId: variants.productId,
        categoryId: products.categoryId,
        parentCategoryId: sql<
          number | null
        >`(select ${categories.parentId} from ${categories} where ${categories.id} = ${products.categoryId})`,
        name: products.name,
        variantName: variants.name,
        image: sql<string>`coalesce(nullif(${variants.image}, ''), ${products.image})`,
        price: variants.price,
        listPrice: variants.listPrice,
        stock: variants.stock,
        perOrderLimit: products.perOrderLimit,
        perMemberLimit: products.perMemberLimit,
        holdMinutes: products.holdMinutes,
        preorderCap: variants.preorderCap,
        preorderShipOn: variants.preorderShipOn,
        preorderWaiting: variants.preorderWaiting,
        pointPercent: products.pointPercent,
        sizeCm: variants.sizeCm,
        weightG: variants.weightG,
        temperature: products.temperature,
        sellable: sql<boolean>`(${shopCondition})`,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(sql`${variants.id} = any(${sql.placeholder("ids")}::int[])`);
  const main = statement(onShelf).prepare("catalogue_cart_variants");
  const subMall = statement(walkingSubMall(sql.placeholder("shopId"))).prepare("catalogue_cart_variants_sub_mall");

  return async (ids: number[], shopId: number) => {
    if (ids.length === 0) return [];
    const rows = shopId === MAIN_SHOP_ID ? await main.execute({ ids }) : await subMall.execute({ ids, shopId });
    return rows.map((r) => ({ ...r, sellable: Boolean(r.sellable), stockState: stockState(r.stock) }));
  };
}

/**
 * Packed sizes for shipping estimates (decision 89): a product's first variant, or the given
 * variants; each with its product's temperature.
 */
export async function packedUnits(deps: CatalogueDeps, of: { productId: number } | { variantIds: number[] }) {
  if ("variantIds" in of && of.variantIds.length === 0) return [];
  return deps.db
    .select({ id: variants.id, sizeCm: variants.sizeCm, weightG: variants.weightG, temperature: products.temperature })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where("productId" in of ? eq(variants.productId, of.productId) : inArray(variants.id, of.variantIds))
    .orderBy(asc(variants.sort), asc(variants.id));
}

/** Current price and stock state of variants, for other modules (quick order, cart). */
export async function variantsByIds(deps: CatalogueDeps, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await deps.db
    .select({
      id: variants.id,
      productId: variants.productId,
      price: variants.price,
      stock: variants.stock,
      status: products.status,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.id, ids));
  return rows.map((r) => ({
    id: r.id,
    productId: r.productId,
    price: r.price,
    onShelf: r.status === "on",
    stockState: stockState(r.stock),
  }));
}

/**
 * Product names by id (reports of products viewed but not sold; messages). In English: the
 * product's English name where staff gave one, else its Chinese name (decision 109).
 */
export async function productNames(deps: CatalogueDeps, ids: number[], lang: Lang = "zh-TW"): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const name = lang === "en" ? sql<string>`coalesce(nullif(${products.nameEn}, ''), ${products.name})` : products.name;
  const rows = await deps.db.select({ id: products.id, name }).from(products).where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** 限時搶購 (issue 51): the shortest hold of these products, in minutes (null: none holds). */
export async function holdMinutes(deps: CatalogueDeps, productIds: number[]): Promise<number | null> {
  if (productIds.length === 0) return null;
  const [row] = await deps.db
    .select({ m: sql<number | null>`min(${products.holdMinutes})` })
    .from(products)
    .where(inArray(products.id, productIds));
  return row?.m == null ? null : Number(row.m);
}

export async function pointPercent(deps: CatalogueDeps, productId: number): Promise<PointPercent> {
  const [p] = await deps.db
    .select({ pct: products.pointPercent, price: products.price })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, "on")));
  if (!p) throw notFound("PRODUCT_NOT_FOUND", "找不到此商品，可能已下架");
  return { point_percent: p.pct, points_for_price: Math.floor((p.price * p.pct) / 100) };
}
