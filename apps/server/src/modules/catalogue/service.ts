import type {
  CategoryPage,
  Crumb,
  HomeCategory,
  ListingFilters,
  PointPercent,
  ProductCard,
  ProductSort,
  ProductView,
  StockState,
} from "@shop/contract";
import { MAIN_SHOP_ID } from "@shop/contract";
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.js";
import { categories, productImages, products, shopProducts, variants } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { cardColumns, createListing, inStock, toCard } from "./listing.js";
import { createProductSearch } from "./product-search.js";
import { documentTokens, normalize } from "./search.js";

export interface CategoryNode {
  id: number;
  name: string;
  image: string;
  children: CategoryNode[];
}

const TAG_LABELS: Record<string, string> = { hot: "熱銷", recommended: "推薦", new: "新品" };

/** Variants with this many or fewer left show as 「少量」. Exact stock is never shown. */
const LOW_STOCK = 5;

function stockState(stock: number): StockState {
  if (stock <= 0) return "out_of_stock";
  return stock <= LOW_STOCK ? "low" : "in_stock";
}

/** A variant as the product statement's JSON carries it. */
type VariantRow = Pick<typeof variants.$inferSelect, "id" | "sku" | "name" | "price" | "listPrice" | "stock" | "image">;

export function createCatalogueService(db: Db) {
  /** Products on shelf in a shop: all of them in the main mall, the seller's selection elsewhere. */
  const onShelf = eq(products.status, "on");
  /** On shelf and in a sub-mall's selection; `shop` is its id or a prepared statement's placeholder. */
  const inSubMall = (shop: unknown) =>
    and(
      onShelf,
      sql`exists (select 1 from ${shopProducts} sp where sp.shop_id = ${shop} and sp.product_id = ${products}.id)`,
    ) as SQL;
  function inShop(shopId: number): SQL {
    return shopId === MAIN_SHOP_ID ? onShelf : inSubMall(shopId);
  }
  // The product page's one statement (the product, its breadcrumb, its images and variants as JSON
  // arrays), built once and prepared by name: no query building per request, and PostgreSQL plans
  // it once per connection.
  const productDetailQuery = (shopCondition: SQL) => {
    const parentCategory = alias(categories, "parent_category");
    return db
      .select({
        p: products,
        category: { id: categories.id, name: categories.name },
        parent: { id: parentCategory.id, name: parentCategory.name },
        images: sql<string[]>`(select coalesce(json_agg(i.url order by i.sort, i.id), '[]'::json)
          from ${productImages} i where i.product_id = ${products}.id)`,
        variants: sql<VariantRow[]>`(select coalesce(json_agg(json_build_object('id', v.id, 'sku', v.sku,
          'name', v.name, 'price', v.price, 'listPrice', v.list_price, 'stock', v.stock, 'image', v.image)
          order by v.sort, v.id), '[]'::json) from ${variants} v where v.product_id = ${products}.id)`,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(parentCategory, eq(parentCategory.id, categories.parentId))
      .where(and(eq(products.id, sql.placeholder("id")), shopCondition));
  };
  const productDetail = {
    main: productDetailQuery(onShelf).prepare("catalogue_product_main"),
    subMall: productDetailQuery(inSubMall(sql.placeholder("shopId"))).prepare("catalogue_product_sub_mall"),
  };

  async function cards(shopId: number, opts: { tag?: string; limit: number; ids?: number[] }): Promise<ProductCard[]> {
    const conditions = [inShop(shopId)];
    if (opts.tag) conditions.push(sql`${opts.tag} = any(${products.tags})`);
    if (opts.ids) {
      if (opts.ids.length === 0) return [];
      conditions.push(inArray(products.id, opts.ids));
    }
    const rows = await db
      .select(cardColumns)
      .from(products)
      .where(and(...conditions))
      .orderBy(asc(products.sort), desc(products.id))
      .limit(opts.limit);
    return rows.map(toCard);
  }

  /**
   * A listing's conditions with the shopper's price range and 只看有現貨; with `placeholders`, the
   * prices are `minPrice` and `maxPrice` placeholders of a prepared listing.
   */
  function filtered(where: SQL, f: ListingFilters, placeholders = false): SQL {
    const parts = [where];
    const price = (name: string, value: number) => (placeholders ? sql.placeholder(name) : value);
    if (f.min_price !== undefined) parts.push(gte(products.price, price("minPrice", f.min_price)));
    if (f.max_price !== undefined) parts.push(lte(products.price, price("maxPrice", f.max_price)));
    if (f.in_stock) parts.push(inStock);
    return and(...parts) as SQL;
  }

  const listing = createListing(db);
  const pagedCards = listing.pagedCards;

  return {
    cards,
    recommended: (shopId: number, limit = 8) => cards(shopId, { tag: "recommended", limit }),
    hot: (shopId: number, limit = 8) => cards(shopId, { tag: "hot", limit }),
    newest: (shopId: number, limit = 8) => cards(shopId, { tag: "new", limit }),

    /** Drops what listings remember (counts, the category tree): after any catalogue write. */
    forgetListings: listing.forget,

    async homeCategories(): Promise<HomeCategory[]> {
      return (await listing.categories())
        .filter((c) => c.parentId === null && c.showOnHome)
        .map((c) => ({ id: c.id, name: c.name, image: c.image }));
    },

    async categoryTree(): Promise<CategoryNode[]> {
      const rows = await listing.categories();
      return rows
        .filter((r) => r.parentId === null)
        .map((t) => ({
          id: t.id,
          name: t.name,
          image: t.image,
          children: rows
            .filter((c) => c.parentId === t.id)
            .map((c) => ({ id: c.id, name: c.name, image: c.image, children: [] })),
        }));
    },

    /** A category (top-level: with its children's products) and one page of its products. */
    async categoryPage(
      id: number,
      shopId: number,
      page: number,
      perPage: number,
      sort: ProductSort,
      filters: ListingFilters = {},
    ): Promise<CategoryPage> {
      const all = await listing.categories();
      const category = all.find((c) => c.id === id);
      if (!category) throw notFound("CATEGORY_NOT_FOUND", "找不到此分類");
      const parent = category.parentId === null ? undefined : all.find((c) => c.id === category.parentId);
      const top = parent ?? category;
      const children = all.filter((c) => c.parentId === top.id).map((c) => ({ id: c.id, name: c.name }));
      const ids = category.parentId === null ? [category.id, ...children.map((c) => c.id)] : [category.id];
      // One prepared statement per form of listing: which mall, how many categories, which filters.
      const main = shopId === MAIN_SHOP_ID;
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
        main ? "main" : "sub",
        ids.length,
        filters.min_price !== undefined,
        filters.max_price !== undefined,
        Boolean(filters.in_stock),
      ].join("|");
      const query = { where: filtered(where, filters, true), form, values, categories: ids.length };
      const { list, total } = await pagedCards(query, sort, page, perPage);
      const breadcrumb: Crumb[] = parent
        ? [
            { id: parent.id, name: parent.name },
            { id: category.id, name: category.name },
          ]
        : [{ id: category.id, name: category.name }];
      return {
        category: { id: category.id, name: category.name, image: category.image, parent_id: category.parentId },
        breadcrumb,
        children,
        list,
        total,
        page,
        per_page: perPage,
        sort,
      };
    },

    async product(id: number, shopId: number): Promise<ProductView> {
      const [row] = await (shopId === MAIN_SHOP_ID
        ? productDetail.main.execute({ id })
        : productDetail.subMall.execute({ id, shopId }));
      if (!row) throw notFound("PRODUCT_NOT_FOUND", "找不到此商品，可能已下架");
      const { p, images, variants: vars } = row;
      const breadcrumb = [row.parent, row.category].filter((c): c is Crumb => c !== null && c.id !== null);
      return {
        id: p.id,
        name: p.name,
        subtitle: p.subtitle,
        description: p.description,
        image: p.image,
        images: images.length > 0 ? images : [p.image],
        price: p.price,
        list_price: p.listPrice,
        point_percent: p.pointPercent,
        tags: p.tags,
        per_order_limit: p.perOrderLimit,
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
        })),
      };
    },

    ...createProductSearch(db, { inShop, pagedCards, filtered }),

    /** What a cart needs of its variants: names, today's price, exact stock (never shown), limits. */
    async variantsForCart(ids: number[], shopId: number) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({
          id: variants.id,
          productId: variants.productId,
          categoryId: products.categoryId,
          name: products.name,
          variantName: variants.name,
          image: sql<string>`coalesce(nullif(${variants.image}, ''), ${products.image})`,
          price: variants.price,
          listPrice: variants.listPrice,
          stock: variants.stock,
          perOrderLimit: products.perOrderLimit,
          pointPercent: products.pointPercent,
          sellable: sql<boolean>`(${inShop(shopId)})`,
        })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(inArray(variants.id, ids));
      return rows.map((r) => ({ ...r, sellable: Boolean(r.sellable), stockState: stockState(r.stock) }));
    },

    /** Current price and stock state of variants, for other modules (quick order, cart). */
    async variantsByIds(ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
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
    },

    /** Product names by id (reports of products viewed but not sold). */
    async productNames(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
    async pointPercent(productId: number): Promise<PointPercent> {
      const [p] = await db
        .select({ pct: products.pointPercent, price: products.price })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.status, "on")));
      if (!p) throw notFound("PRODUCT_NOT_FOUND", "找不到此商品，可能已下架");
      return { point_percent: p.pct, points_for_price: Math.floor((p.price * p.pct) / 100) };
    },

    /** Recomputes what search matches for the given products (all when omitted). */
    async refreshSearchIndex(q: Db | Tx = db, productIds?: number[]) {
      const cats = await q.select().from(categories);
      const byId = new Map(cats.map((c) => [c.id, c]));
      const rows = await q
        .select({
          id: products.id,
          name: products.name,
          subtitle: products.subtitle,
          tags: products.tags,
          categoryId: products.categoryId,
        })
        .from(products)
        .where(productIds ? inArray(products.id, productIds) : undefined);
      for (const r of rows) {
        const cat = byId.get(r.categoryId);
        const parent = cat?.parentId ? byId.get(cat.parentId) : undefined;
        const text = normalize(
          [r.name, r.subtitle, ...r.tags.map((t) => TAG_LABELS[t] ?? t), cat?.name ?? "", parent?.name ?? ""].join(" "),
        );
        await q
          .update(products)
          .set({ searchText: text, searchTokens: documentTokens(text) })
          .where(eq(products.id, r.id));
      }
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
