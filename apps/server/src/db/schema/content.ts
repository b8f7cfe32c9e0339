import { LANGS } from "@shop/contract/order";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const banners = pgTable(
  "banners",
  {
    id: serial("id").primaryKey(),
    shopId: integer("shop_id").notNull().default(1),
    title: text("title").notNull(),
    image: text("image").notNull(),
    imageMobile: text("image_mobile").notNull(),
    link: text("link").notNull().default(""),
    sort: integer("sort").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
  },
  (t) => [index("banners_shop_idx").on(t.shopId, t.sort)],
);

export const topHrefs = pgTable("top_hrefs", {
  id: serial("id").primaryKey(),
  shopId: integer("shop_id").notNull().default(1),
  title: text("title").notNull(),
  url: text("url").notNull(),
  sort: integer("sort").notNull().default(0),
});

/** Terms, privacy, about… and small editable blocks, per shop. */
export const staticPages = pgTable(
  "static_pages",
  {
    id: serial("id").primaryKey(),
    shopId: integer("shop_id").notNull().default(1),
    key: text("key").notNull(),
    title: text("title").notNull(),
    /** Sanitised HTML. */
    content: text("content").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("static_pages_shop_key").on(t.shopId, t.key)],
);

export const news = pgTable(
  "news",
  {
    id: serial("id").primaryKey(),
    shopId: integer("shop_id").notNull().default(1),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    content: text("content").notNull().default(""),
    /** English for the English storefront, "" = none (the Chinese is shown; decision 109). content_en is sanitised HTML. */
    titleEn: text("title_en").notNull().default(""),
    contentEn: text("content_en").notNull().default(""),
    image: text("image").notNull().default(""),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("news_shop_idx").on(t.shopId, t.publishedAt)],
);

/** Per-shop key/value settings for small content (home description…). */
export const shopSettings = pgTable(
  "shop_settings",
  {
    shopId: integer("shop_id").notNull(),
    key: text("key").notNull(),
    value: text("value").notNull(),
  },
  (t) => [uniqueIndex("shop_settings_key").on(t.shopId, t.key)],
);

/** Quick-order entries (fastoder): one product or bundle bought straight from the home page. */
export const quickOrders = pgTable("quick_orders", {
  id: serial("id").primaryKey(),
  shopId: integer("shop_id").notNull().default(1),
  productId: integer("product_id").notNull(),
  variantId: integer("variant_id").notNull(),
  title: text("title").notNull(),
  image: text("image").notNull().default(""),
  sort: integer("sort").notNull().default(0),
});

/** The home page's single promo image and two-image row. */
export const promoImages = pgTable("promo_images", {
  id: serial("id").primaryKey(),
  shopId: integer("shop_id").notNull().default(1),
  slot: text("slot", { enum: ["single", "twice"] }).notNull(),
  title: text("title").notNull().default(""),
  image: text("image").notNull(),
  imageMobile: text("image_mobile").notNull(),
  link: text("link").notNull().default(""),
  sort: integer("sort").notNull().default(0),
});

/** Contact-us and stranger inquiries, kept and mailed to the shop. */
export const inquiries = pgTable(
  "inquiries",
  {
    id: serial("id").primaryKey(),
    shopId: integer("shop_id").notNull().default(1),
    kind: text("kind", { enum: ["contact", "stranger"] }).notNull(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** The order it is about: the number given on the form, or one written in it (an existing order's). */
    orderNo: text("order_no"),
    /** The member who sent it signed in (null: a visitor). */
    memberId: integer("member_id"),
    /** The storefront language it was sent from: the receipt and the replies' mail are in it (decision 109). */
    lang: text("lang", { enum: LANGS }).notNull().default("zh-TW"),
    ip: text("ip").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The inbox: new until staff reply, closed when nothing more is needed. */
    status: text("status", { enum: ["new", "replied", "closed"] })
      .notNull()
      .default("new"),
    /** The staff member looking after it (null: nobody yet). */
    assigneeId: integer("assignee_id"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("inquiries_ip_idx").on(t.ip, t.createdAt), index("inquiries_status_idx").on(t.status, t.id)],
);

/** The thread of an inquiry after the first message: staff replies (mailed to the asker) and notes. */
export const inquiryReplies = pgTable(
  "inquiry_replies",
  {
    id: serial("id").primaryKey(),
    inquiryId: integer("inquiry_id").notNull(),
    staffId: integer("staff_id").notNull(),
    staffName: text("staff_name").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("inquiry_replies_inquiry_idx").on(t.inquiryId, t.id)],
);
