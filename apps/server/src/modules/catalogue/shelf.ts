import type {
  CategoryPage,
  Crumb,
  HomeCategory,
  ListingFilters,
  ProductCard,
  ProductSort,
  ProductView,
  StockState,
} from "@shop/contract";
import { MAIN_SHOP_ID } from "@shop/contract";
import { and, asc, desc, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { LOW_STOCK_AT, products, SHELF_TAGS } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { type CategoryRow, cardColumns, type createListing, inStock, toCard } from "./listing.js";
import type { createProductDetail } from "./product-detail.js";
import type { createSubMallReach } from "./sub-mall-reach.js";

export interface CategoryNode {
  id: number;
  name: string;
  /** The English name, "" for none (decision 109). */
  name_en: string;
  image: string;
  children: CategoryNode[];
}

/** Variants with LOW_STOCK_AT or fewer left show as 「少量」. Exact stock is never shown. */
export function stockState(stock: number): StockState {
  if (stock <= 0) return "out_of_stock";
  return stock <= LOW_STOCK_AT ? "low" : "in_stock";
}

/** What the catalogue's reads share, built once by createCatalogueService. */
export interface CatalogueDeps {
  db: Db;
  /** Products on shelf in a shop: all of them in the main mall, the seller's selection elsewhere. */
  onShelf: SQL;
  /** On shelf and in a sub-mall's selection; `shop` is its id or a prepared statement's placeholder. */
  inSubMall: (shop: unknown) => SQL;
  inShop: (shopId: number) => SQL;
  productDetail: ReturnType<typeof createProductDetail>;
  listing: ReturnType<typeof createListing>;
  /** How a sub-mall's listings reach its products (sub-mall-reach.ts). */
  reach: ReturnType<typeof createSubMallReach>;
}

/**
 * A listing's conditions with the shopper's price range and 只看有現貨; with `placeholders`, the
 * prices are `minPrice` and `maxPrice` placeholders of a prepared listing.
 */
export function filtered(where: SQL, f: ListingFilters, placeholders = false): SQL {
  const parts = [where];
  const price = (name: string, value: number) => (placeholders ? sql.placeholder(name) : value);
  if (f.min_price !== undefined) parts.push(gte(products.price, price("minPrice", f.min_price)));
  if (f.max_price !== undefined) parts.push(lte(products.price, price("maxPrice", f.max_price)));
  if (f.in_stock) parts.push(inStock);
  return and(...parts) as SQL;
}

export async function cards(
  deps: CatalogueDeps,
  shopId: number,
  opts: { tag?: string; limit: number; ids?: number[] },
): Promise<ProductCard[]> {
  const conditions = [deps.inShop(shopId)];
  // A shelf's tag is written into the statement, so it matches its partial index's condition.
  const shelf = SHELF_TAGS.find((t) => t === opts.tag);
  if (shelf) conditions.push(sql.raw(`'${shelf}' = any(tags)`));
  else if (opts.tag) conditions.push(sql`${opts.tag} = any(${products.tags})`);
  if (opts.ids) {
    if (opts.ids.length === 0) return [];
    conditions.push(inArray(products.id, opts.ids));
  }
  const rows = await deps.db
    .select(cardColumns)
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.sort), desc(products.id))
    .limit(opts.limit);
  return rows.map(toCard);
}

export async function homeCategories(deps: CatalogueDeps): Promise<HomeCategory[]> {
  return (await deps.listing.categories())
    .filter((c) => c.parentId === null && c.showOnHome)
    .map((c) => ({ id: c.id, name: c.name, name_en: c.nameEn, image: c.image }));
}

export async function categoryTree(deps: CatalogueDeps): Promise<CategoryNode[]> {
  const rows = await deps.listing.categories();
  return rows
    .filter((r) => r.parentId === null)
    .map((t) => ({
      id: t.id,
      name: t.name,
      name_en: t.nameEn,
      image: t.image,
      children: rows
        .filter((c) => c.parentId === t.id)
        .map((c) => ({ id: c.id, name: c.name, name_en: c.nameEn, image: c.image, children: [] })),
    }));
}

/** A category (top-level: with its children's products) and one page of its products. */
export async function categoryPage(
  deps: CatalogueDeps,
  id: number,
  shopId: number,
  page: number,
  perPage: number,
  sort: ProductSort,
  filters: ListingFilters,
  counted = true,
): Promise<CategoryPage> {
  const { listing, onShelf, reach } = deps;
  const all = await listing.categories();
  const category = all.find((c) => c.id === id);
  if (!category) throw notFound("CATEGORY_NOT_FOUND", "找不到此分類");
  const parent = category.parentId === null ? undefined : all.find((c) => c.id === category.parentId);
  const top = parent ?? category;
  const children = all.filter((c) => c.parentId === top.id).map(crumbOf);
  const ids = category.parentId === null ? [category.id, ...children.map((c) => c.id)] : [category.id];
  // One prepared statement per form of listing: which mall, how many categories, which filters.
  const main = shopId === MAIN_SHOP_ID;
  const walk = !main && (await reach.walks(shopId));
  const inSubMall = walk ? reach.walkingSubMall : reach.inSubMall;
  const inCategories = inArray(
    products.categoryId,
    ids.map((_, i) => sql.placeholder(`c${i}`)),
  );
  const where = and(main ? onShelf : inSubMall(sql.placeholder("shopId")), inCategories) as SQL;
  const values: Record<string, unknown> = { shopId, minPrice: filters.min_price, maxPrice: filters.max_price };
  ids.forEach((c, i) => {
    values[`c${i}`] = c;
  });
  const form = [
    "category",
    main ? "main" : walk ? "sub-walk" : "sub",
    ids.length,
    filters.min_price !== undefined,
    filters.max_price !== undefined,
    Boolean(filters.in_stock),
  ].join("|");
  const query = { where: filtered(where, filters, true), form, values, categories: ids.length };
  const { list, total } = await listing.pagedCards(query, sort, page, perPage, counted);
  const breadcrumb: Crumb[] = parent ? [crumbOf(parent), crumbOf(category)] : [crumbOf(category)];
  return {
    category: { ...crumbOf(category), image: category.image, parent_id: category.parentId },
    breadcrumb,
    children,
    list,
    total,
    page,
    per_page: perPage,
    sort,
  };
}

/** A category as a breadcrumb or a sub-category link names it. */
const crumbOf = (c: CategoryRow): Crumb => ({ id: c.id, name: c.name, name_en: c.nameEn });

export async function productView(deps: CatalogueDeps, id: number, shopId: number): Promise<ProductView> {
  const [p, tree] = await Promise.all([deps.productDetail.read(id, shopId), deps.listing.categories()]);
  if (!p) throw notFound("PRODUCT_NOT_FOUND", "找不到此商品，可能已下架");
  const { images, variants: vars } = p;
  const category = tree.find((c) => c.id === p.categoryId);
  const parent = category?.parentId ? tree.find((c) => c.id === category.parentId) : undefined;
  const breadcrumb = [parent, category].filter((c): c is CategoryRow => c !== undefined).map(crumbOf);
  return {
    id: p.id,
    name: p.name,
    subtitle: p.subtitle,
    description: p.description,
    name_en: p.nameEn,
    subtitle_en: p.subtitleEn,
    description_en: p.descriptionEn,
    image: p.image,
    images: images.length > 0 ? images : [p.image],
    price: p.price,
    list_price: p.listPrice,
    point_percent: p.pointPercent,
    tags: p.tags,
    per_order_limit: p.perOrderLimit,
    per_member_limit: p.perMemberLimit,
    hold_minutes: p.holdMinutes,
    in_stock: vars.some((v) => v.stock > 0),
    breadcrumb,
    variants: vars.map((v) => ({
      id: v.id,
      sku: v.sku,
      name: v.name,
      price: v.price,
      list_price: v.listPrice,
      stock_state: stockState(v.stock),
      image: v.image || p.image,
      // Sold out but open for pre-order (decision 96): its expected ship date (left out otherwise: page weight).
      ...(v.preorderShipOn ? { preorder_label: `預購商品，預計 ${v.preorderShipOn.replace(/-/g, "/")} 出貨` } : {}),
    })),
  };
}
