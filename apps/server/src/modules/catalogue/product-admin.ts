import { idInText, MAIN_SHOP_ID } from "@shop/contract";
import type { ProductInput } from "@shop/contract/admin";
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { type Db, single, type Tx } from "../../db/client.js";
import { categories, LOW_STOCK_AT, productImages, products, shopProducts, variants } from "../../db/schema/index.js";
import { conflict, fieldError, isUniqueViolation, notFound } from "../../lib/errors.js";
import { likeEscape } from "../../lib/like.js";
import { sanitizeOptionalRichText, sanitizeRichText } from "../../lib/sanitize.js";
import type { CatalogueService } from "./service.js";

/** What the back office's catalogue functions use, built by createCatalogueAdmin. */
export interface CatalogueAdminDeps {
  db: Db;
  catalogue: CatalogueService;
}

export async function productAdminView(q: Db | Tx, id: number) {
  const [p] = await q.select().from(products).where(eq(products.id, id));
  if (!p) throw notFound("PRODUCT_NOT_FOUND", "找不到此商品");
  // One after another: inside a transaction they share one connection (pg refuses overlapping queries).
  const vs = await q.select().from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.sort), asc(variants.id));
  const imgs = await q.select().from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.sort));
  const shops = await q.select().from(shopProducts).where(eq(shopProducts.productId, id));
  return {
    id: p.id,
    category_id: p.categoryId,
    name: p.name,
    subtitle: p.subtitle,
    description: p.description,
    name_en: p.nameEn,
    subtitle_en: p.subtitleEn,
    description_en: p.descriptionEn,
    images: imgs.length ? imgs.map((i) => i.url) : p.image ? [p.image] : [],
    status: p.status,
    point_percent: p.pointPercent,
    tags: p.tags,
    per_order_limit: p.perOrderLimit,
    per_member_limit: p.perMemberLimit,
    hold_minutes: p.holdMinutes,
    temperature: p.temperature,
    brand: p.brand,
    price: p.price,
    list_price: p.listPrice,
    shop_ids: shops.map((s) => s.shopId),
    variants: vs.map((v) => ({
      id: v.id,
      sku: v.sku,
      name: v.name,
      price: v.price,
      list_price: v.listPrice,
      image: v.image,
      stock: v.stock,
      size_cm: v.sizeCm,
      weight_g: v.weightG,
      gtin: v.gtin,
      preorder_cap: v.preorderCap,
      preorder_ship_on: v.preorderShipOn,
      preorder_waiting: v.preorderWaiting,
    })),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
export type ProductAdminView = Awaited<ReturnType<typeof productAdminView>>;

async function writeProduct(deps: CatalogueAdminDeps, tx: Tx, id: number | null, input: ProductInput) {
  const [cat] = await tx.select().from(categories).where(eq(categories.id, input.category_id));
  if (!cat) throw fieldError("category_id", "找不到此分類");
  const cheapest = input.variants.reduce((a, b) => (b.price < a.price ? b : a));
  const columns = {
    categoryId: input.category_id,
    name: input.name,
    subtitle: input.subtitle,
    description: sanitizeRichText(input.description),
    // English for the English storefront (decision 109): "" for none; the description sanitised as the Chinese is.
    nameEn: input.name_en,
    subtitleEn: input.subtitle_en,
    descriptionEn: sanitizeOptionalRichText(input.description_en),
    image: input.images[0],
    price: cheapest.price,
    listPrice: cheapest.list_price,
    pointPercent: input.point_percent,
    tags: input.tags,
    status: input.status,
    perOrderLimit: input.per_order_limit,
    perMemberLimit: input.per_member_limit,
    holdMinutes: input.hold_minutes,
    temperature: input.temperature,
    brand: input.brand,
    updatedAt: new Date(),
  };
  let productId: number;
  if (id === null) {
    productId = single(await tx.insert(products).values(columns).returning({ id: products.id })).id;
  } else {
    const [row] = await tx.update(products).set(columns).where(eq(products.id, id)).returning({ id: products.id });
    if (!row) throw notFound("PRODUCT_NOT_FOUND", "找不到此商品");
    productId = row.id;
  }
  // Variants: update those named by id (only this product's), add new ones. A variant left out
  // stays (orders and carts point at it); take a product off the shelf to stop selling it.
  const existing = await tx.select({ id: variants.id }).from(variants).where(eq(variants.productId, productId));
  const mine = new Set(existing.map((v) => v.id));
  for (const [sort, v] of input.variants.entries()) {
    const values = { sku: v.sku, name: v.name, price: v.price, listPrice: v.list_price, image: v.image, gtin: v.gtin, sort };
    const packed = { sizeCm: v.size_cm, weightG: v.weight_g };
    const preorder = { preorderCap: v.preorder_cap, preorderShipOn: v.preorder_cap === null ? null : v.preorder_ship_on };
    if (v.id !== undefined) {
      if (!mine.has(v.id)) throw fieldError(`variants.${sort}.id`, "此規格不屬於這個商品");
      await checkPreorder(tx, sort, v.id, preorder);
      await tx
        .update(variants)
        .set({ ...values, ...packed, ...preorder })
        .where(eq(variants.id, v.id));
    } else {
      await checkPreorder(tx, sort, null, preorder);
      await tx.insert(variants).values({ ...values, ...packed, ...preorder, productId, stock: 0 });
    }
  }
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  await tx.insert(productImages).values(input.images.map((url, sort) => ({ productId, url, sort })));
  await tx.delete(shopProducts).where(eq(shopProducts.productId, productId));
  const shopIds = [...new Set(input.shop_ids.filter((s) => s !== MAIN_SHOP_ID))];
  if (shopIds.length) await tx.insert(shopProducts).values(shopIds.map((shopId) => ({ shopId, productId })));
  await deps.catalogue.refreshSearchIndex(tx, [productId]);
  return productId;
}

/** Today in Asia/Taipei, YYYY-MM-DD. */
const taipeiToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Taipei", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );

/**
 * Pre-order terms (decision 96), the variant row locked: a new or changed ship date after today,
 * and a cap never below the units already waiting (nor off while any wait).
 */
async function checkPreorder(
  tx: Tx,
  sort: number,
  id: number | null,
  p: { preorderCap: number | null; preorderShipOn: string | null },
) {
  const [was] =
    id === null
      ? [undefined]
      : await tx
          .select({ waiting: variants.preorderWaiting, shipOn: variants.preorderShipOn })
          .from(variants)
          .where(eq(variants.id, id))
          .for("update");
  const waiting = was?.waiting ?? 0;
  if (p.preorderCap === null && waiting > 0)
    throw fieldError(`variants.${sort}.preorder_cap`, `尚有 ${waiting} 件預購等待到貨，無法關閉預購`);
  if (p.preorderCap !== null && p.preorderCap < waiting)
    throw fieldError(`variants.${sort}.preorder_cap`, `預購上限不可低於已預購的 ${waiting} 件`);
  if (p.preorderShipOn && p.preorderShipOn !== was?.shipOn) {
    if (Number.isNaN(Date.parse(`${p.preorderShipOn}T00:00:00+08:00`)))
      throw fieldError(`variants.${sort}.preorder_ship_on`, "預計出貨日格式錯誤");
    if (p.preorderShipOn <= taipeiToday()) throw fieldError(`variants.${sort}.preorder_ship_on`, "預計出貨日須晚於今天");
  }
}

/** Runs a write, turning a taken SKU into a field error. */
async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error, "variants_sku_key")) throw conflict("SKU_TAKEN", "規格料號已被其他商品使用");
    throw error;
  }
}

export async function listProducts(
  deps: CatalogueAdminDeps,
  filter: { q?: string; category_id?: number; status?: "on" | "off" },
  page: number,
  perPage: number,
) {
  const { db } = deps;
  const q = filter.q?.trim();
  const where = and(
    filter.category_id ? eq(products.categoryId, filter.category_id) : undefined,
    filter.status ? eq(products.status, filter.status) : undefined,
    q ? or(ilike(products.name, `%${likeEscape(q)}%`), eq(products.id, idInText(q) ?? 0)) : undefined,
  );
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(products).where(where),
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(desc(products.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  const vs = rows.length
    ? await db
        .select({ productId: variants.productId, stock: variants.stock })
        .from(variants)
        .where(
          inArray(
            variants.productId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return {
    total: total?.n ?? 0,
    items: rows.map((p) => {
      const mine = vs.filter((v) => v.productId === p.id);
      return {
        id: p.id,
        name: p.name,
        image: p.image,
        category_id: p.categoryId,
        price: p.price,
        status: p.status,
        variant_count: mine.length,
        stock: mine.reduce((s, v) => s + v.stock, 0),
        updated_at: p.updatedAt.toISOString(),
      };
    }),
  };
}

export function createProduct(
  deps: CatalogueAdminDeps,
  input: ProductInput,
  audit: (tx: Tx, after: ProductAdminView) => Promise<void>,
) {
  return guarded(() =>
    deps.db.transaction(async (tx) => {
      const id = await writeProduct(deps, tx, null, input);
      const after = await productAdminView(tx, id);
      await audit(tx, after);
      return after;
    }),
  );
}

export function updateProduct(
  deps: CatalogueAdminDeps,
  id: number,
  input: ProductInput,
  audit: (tx: Tx, before: ProductAdminView, after: ProductAdminView) => Promise<void>,
) {
  return guarded(() =>
    deps.db.transaction(async (tx) => {
      const before = await productAdminView(tx, id);
      await writeProduct(deps, tx, id, input);
      const after = await productAdminView(tx, id);
      await audit(tx, before, after);
      return after;
    }),
  );
}

/** Every category with its full name (parent › child), in tree order. */
export async function listCategories(deps: CatalogueAdminDeps) {
  const rows = await deps.db
    .select()
    .from(categories)
    .orderBy(asc(categories.parentId), asc(categories.sort), asc(categories.id));
  const names = new Map(rows.map((c) => [c.id, c.name]));
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    name_en: c.nameEn,
    parent_id: c.parentId,
    full_name: c.parentId ? `${names.get(c.parentId) ?? ""} › ${c.name}` : c.name,
    image: c.image,
    sort: c.sort,
    show_on_home: c.showOnHome,
  }));
}

/** Variants at or below LOW_STOCK_AT on shelf, lowest first (a literal bound: the partial index's own). */
export async function lowStock(deps: CatalogueAdminDeps, limit: number) {
  return deps.db
    .select({
      variant_id: variants.id,
      product_id: products.id,
      product: products.name,
      variant: variants.name,
      sku: variants.sku,
      stock: variants.stock,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(products.status, "on"), sql`${variants.stock} <= ${sql.raw(String(LOW_STOCK_AT))}`))
    .orderBy(asc(variants.stock), asc(variants.id))
    .limit(limit);
}

/** Which of these ids name no product / variant / category (for other modules' references). */
export async function missingIds(deps: CatalogueAdminDeps, kind: "product" | "variant" | "category", ids: number[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const t = { product: products, variant: variants, category: categories }[kind];
  const found = new Set((await deps.db.select({ id: t.id }).from(t).where(inArray(t.id, wanted))).map((r) => r.id));
  return wanted.filter((id) => !found.has(id));
}

/** A variant's product, so stock changes can be checked against the product being edited. */
export async function productOfVariant(deps: CatalogueAdminDeps, variantId: number) {
  const [v] = await deps.db.select({ productId: variants.productId }).from(variants).where(eq(variants.id, variantId));
  return v?.productId;
}
