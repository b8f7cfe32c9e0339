import { TEMPERATURES } from "@shop/contract/shipping";
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** The tags with a home-page shelf of their own, each with its partial index. */
export const SHELF_TAGS = ["hot", "recommended", "new"] as const;

/** Stock at or below this is 少量 on the shelf and 庫存不足 on the dashboard (its partial index holds only these). */
export const LOW_STOCK_AT = 5;

/** Two-level tree: parent_id null = top level. */
export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    parentId: integer("parent_id"),
    name: text("name").notNull(),
    /** The English name on the English storefront ("" = none: the Chinese is shown; decision 109). */
    nameEn: text("name_en").notNull().default(""),
    image: text("image").notNull().default(""),
    sort: integer("sort").notNull().default(0),
    showOnHome: boolean("show_on_home").notNull().default(false),
  },
  (t) => [index("categories_parent_idx").on(t.parentId, t.sort)],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    categoryId: integer("category_id").notNull(),
    name: text("name").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    /** Sanitised HTML. */
    description: text("description").notNull().default(""),
    /** English for the English storefront, "" = none (the Chinese is shown; decision 109). description_en is sanitised HTML. */
    nameEn: text("name_en").notNull().default(""),
    subtitleEn: text("subtitle_en").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    image: text("image").notNull().default(""),
    listPrice: integer("list_price").notNull(),
    price: integer("price").notNull(),
    pointPercent: integer("point_percent").notNull().default(0),
    tags: text("tags").array().notNull().default([]),
    status: text("status", { enum: ["on", "off"] })
      .notNull()
      .default("on"),
    perOrderLimit: integer("per_order_limit"),
    /** 限購 N 件/人: units one member may buy across all their orders not cancelled (null: no limit; decision 92). */
    perMemberLimit: integer("per_member_limit"),
    /**
     * 限時搶購: an unpaid order holding this product's stock is cancelled (its stock released to the
     * next buyer) this many minutes after it was placed, and can only be paid online (null: the usual
     * deadlines; issue 51).
     */
    holdMinutes: integer("hold_minutes"),
    /** The brand for product feeds (empty: the shop's own name is used). */
    brand: text("brand").notNull().default(""),
    /** Approved reviews: how many and the sum of their stars (the reviews flow keeps them; average = sum / count). */
    ratingCount: integer("rating_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    /** 常溫 / 冷藏 / 冷凍: the coldest line of an order decides its parcel's temperature. */
    temperature: text("temperature", { enum: TEMPERATURES }).notNull().default("normal"),
    sort: integer("sort").notNull().default(0),
    /** Lower-cased name, subtitle, tag labels and category names: what a search term must occur in. */
    searchText: text("search_text").notNull().default(""),
    /** CJK unigrams/bigrams and word prefixes of search_text, GIN-indexed (see catalogue/search.ts). */
    searchTokens: text("search_tokens").array().notNull().default([]),
    /** The name's Chinese as toneless pinyin, for sound-alike typos (catalogue/readings.ts); null until indexed. */
    searchReading: text("search_reading"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_category_idx").on(t.categoryId, t.status),
    // Listing pages: newest first and by price, without sorting the whole category.
    index("products_category_newest_idx").on(t.categoryId, t.status, t.createdAt.desc(), t.id.desc()),
    index("products_category_price_idx").on(t.categoryId, t.status, t.price, t.id),
    // 熱銷 first: the hot flag, then the shop's own order (catalogue/listing.ts orderFor).
    index("products_category_hot_idx").on(t.categoryId, t.status, sql`('hot' = any(${t.tags})) desc`, t.sort, t.id),
    index("products_search_tokens_idx").using("gin", t.searchTokens),
    // The whole mall in each listing order: 全部商品 and a common word's search walk these (issue 51).
    index("products_newest_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
    index("products_price_idx").on(t.status, t.price, t.id),
    index("products_hot_idx").on(t.status, sql`('hot' = any(${t.tags})) desc`, t.sort, t.id),
    // The home page's 熱銷 / 推薦 / 新品 shelves in the shop's order (catalogue/shelf.ts cards): a sub-mall
    // walks these until its own products turn up instead of reading its whole selection (issue 51).
    ...SHELF_TAGS.map((tag) =>
      index(`products_${tag}_shelf_idx`)
        .on(t.sort, t.id.desc().nullsFirst())
        .where(sql.raw(`status = 'on' and '${tag}' = any(tags)`)),
    ),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id").notNull(),
    url: text("url").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.sort)],
);

export const variants = pgTable(
  "variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id").notNull(),
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    price: integer("price").notNull(),
    listPrice: integer("list_price").notNull(),
    stock: integer("stock").notNull().default(0),
    image: text("image").notNull().default(""),
    /** One packed unit: length + width + height in cm, and weight in grams (the parcel's size tier). */
    sizeCm: integer("size_cm").notNull().default(30),
    weightG: integer("weight_g").notNull().default(500),
    sort: integer("sort").notNull().default(0),
    /** GTIN (EAN-13 / UPC) for product feeds; empty when the goods have none. */
    gtin: text("gtin").notNull().default(""),
    /**
     * Pre-order (預購, decision 96): null = not sold on pre-order. When set, the variant may be
     * sold beyond its stock up to this many units waiting; `preorderShipOn` is the expected ship
     * date (YYYY-MM-DD, Asia/Taipei) shown to buyers. `preorderWaiting` counts units sold and not yet released.
     */
    preorderCap: integer("preorder_cap"),
    preorderShipOn: text("preorder_ship_on"),
    preorderWaiting: integer("preorder_waiting").notNull().default(0),
  },
  (t) => [
    uniqueIndex("variants_sku_key").on(t.sku),
    index("variants_product_idx").on(t.productId, t.sort),
    // The dashboard's 庫存不足, lowest first, among 3,000,000 variants (issue 51). Only low stock is
    // indexed: a sale that leaves a variant above it adds no entry here (the other indexes still get one).
    index("variants_stock_idx")
      .on(t.stock, t.id)
      .where(sql`${t.stock} <= ${sql.raw(String(LOW_STOCK_AT))}`),
  ],
);

/** Which catalogue products a sub-mall sells (at catalogue prices). */
export const shopProducts = pgTable(
  "shop_products",
  {
    shopId: integer("shop_id").notNull(),
    productId: integer("product_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.productId] })],
);
