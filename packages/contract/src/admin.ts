import { z } from "zod";
import { dbId } from "./common.js";

/** Staff roles (back office). The server enforces PERMISSIONS on every admin call. */
export const STAFF_ROLES = ["owner", "operator", "support"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const ROLE_LABELS: Record<StaffRole, string> = { owner: "擁有者", operator: "營運人員", support: "客服人員" };

/**
 * What each role may do. Support reads orders and members to answer customers; operators run the
 * shop day to day; only the owner manages staff and payment settings.
 */
export const PERMISSIONS = {
  "dashboard.read": ["owner", "operator", "support"],
  "catalogue.read": ["owner", "operator", "support"],
  "catalogue.write": ["owner", "operator"],
  "content.write": ["owner", "operator"],
  "orders.read": ["owner", "operator", "support"],
  "orders.write": ["owner", "operator"],
  "members.read": ["owner", "operator", "support"],
  "members.adjust": ["owner", "operator"],
  "settings.read": ["owner", "operator", "support"],
  "settings.write": ["owner", "operator"],
  "audit.read": ["owner", "operator"],
  "staff.manage": ["owner"],
  "content.read": ["owner", "operator", "support"],
  "marketing.read": ["owner", "operator", "support"],
  "marketing.write": ["owner", "operator"],
  "payouts.read": ["owner", "operator", "support"],
  "payouts.write": ["owner", "operator"],
  "shops.read": ["owner", "operator", "support"],
  "shops.write": ["owner", "operator"],
  "payments.write": ["owner"],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Permission = keyof typeof PERMISSIONS;

export function can(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

export interface StaffView {
  id: number;
  username: string;
  name: string;
  role: StaffRole;
  totp_enabled: boolean;
  active: boolean;
  last_login_at: string | null;
  permissions: Permission[];
}

const id = dbId("編號格式不正確");
const money = z
  .number()
  .int({ error: "金額須為整數" })
  .min(0, { error: "金額不可小於 0" })
  .max(10_000_000, { error: "金額過大" });
const text = (label: string, max: number) =>
  z
    .string({ error: `請輸入${label}` })
    .trim()
    .min(1, { error: `請輸入${label}` })
    .max(max, { error: `${label}最多 ${max} 字` });
/** An image we host: an upload path (never someone else's URL). */
const imagePath = z
  .string()
  .regex(/^\/uploads\/[A-Za-z0-9/_.-]{1,200}$/, { error: "圖片路徑不正確，請重新上傳" })
  .refine((s) => !s.includes(".."), { error: "圖片路徑不正確，請重新上傳" });

export const staffLoginInput = z.strictObject({
  username: text("帳號", 40),
  password: z.string({ error: "請輸入密碼" }).min(1, { error: "請輸入密碼" }).max(200),
  totp: z
    .string()
    .regex(/^\d{6}$/, { error: "驗證碼為 6 位數字" })
    .optional(),
});
export const totpCodeInput = z.strictObject({ code: z.string().regex(/^\d{6}$/, { error: "驗證碼為 6 位數字" }) });

export const staffInput = z.strictObject({
  username: z
    .string()
    .trim()
    .regex(/^[a-z0-9_.-]{3,40}$/, { error: "帳號為 3–40 個小寫英數字" }),
  name: text("姓名", 40),
  role: z.enum(STAFF_ROLES, { error: "請選擇角色" }),
  password: z.string().min(10, { error: "密碼至少 10 個字元" }).max(200),
});
export const staffUpdateInput = z.strictObject({
  name: text("姓名", 40).optional(),
  role: z.enum(STAFF_ROLES, { error: "請選擇角色" }).optional(),
  active: z.boolean().optional(),
  password: z.string().min(10, { error: "密碼至少 10 個字元" }).max(200).optional(),
});

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(60).optional(),
});

export const variantInput = z.strictObject({
  id: id.optional(),
  sku: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: "料號為 1–40 個英數字" }),
  name: text("規格名稱", 40),
  price: money.min(1, { error: "售價須大於 0" }),
  list_price: money,
  image: imagePath.or(z.literal("")).default(""),
});
export const productInput = z
  .strictObject({
    category_id: id,
    name: text("商品名稱", 80),
    subtitle: z.string().trim().max(120, { error: "副標題最多 120 字" }).default(""),
    /** HTML from the editor; sanitised on the server. */
    description: z.string().max(100_000, { error: "商品介紹過長" }).default(""),
    images: z.array(imagePath).min(1, { error: "請上傳至少一張商品圖片" }).max(12, { error: "最多 12 張圖片" }),
    status: z.enum(["on", "off"]).default("off"),
    point_percent: z.number().int().min(0, { error: "點數比例不可小於 0" }).max(100, { error: "點數比例最多 100" }).default(0),
    tags: z
      .array(z.enum(["recommended", "hot", "new"]))
      .max(3)
      .default([]),
    per_order_limit: z.number().int().min(1).max(999).nullable().default(null),
    /** Sub-malls that sell it besides the main mall. */
    shop_ids: z.array(id).max(200).default([]),
    variants: z.array(variantInput).min(1, { error: "請至少新增一個規格" }).max(50, { error: "最多 50 個規格" }),
  })
  .superRefine((p, ctx) => {
    const skus = p.variants.map((v) => v.sku.toUpperCase());
    if (new Set(skus).size !== skus.length) ctx.addIssue({ code: "custom", path: ["variants"], message: "規格料號不可重複" });
    p.variants.forEach((v, i) => {
      if (v.list_price < v.price)
        ctx.addIssue({ code: "custom", path: ["variants", i, "list_price"], message: "原價不可低於售價" });
    });
  });
export type ProductInput = z.infer<typeof productInput>;

export const STOCK_REASONS = ["restock", "adjust"] as const;
export const stockAdjustInput = z.strictObject({
  variant_id: id,
  delta: z
    .number()
    .int({ error: "數量須為整數" })
    .min(-100_000)
    .max(100_000)
    .refine((n) => n !== 0, { error: "調整數量不可為 0" }),
  reason: z.enum(STOCK_REASONS, { error: "請選擇調整原因" }),
  note: text("說明", 200),
});

export const categoryInput = z.strictObject({
  name: text("分類名稱", 30),
  parent_id: id.nullable().default(null),
  image: imagePath.or(z.literal("")).default(""),
  sort: z.number().int().min(0).max(9999).default(0),
  show_on_home: z.boolean().default(false),
});

const when = z.iso.datetime({ offset: true, error: "時間格式不正確" }).nullable().default(null);
/** A link on the storefront: a path on this site or an https address. */
const link = z
  .string()
  .trim()
  .max(300)
  .regex(/^(\/[^\s]*)?$|^https:\/\/[^\s]+$/, { error: "連結須為站內路徑（/ 開頭）或 https 網址" })
  .default("");
export const bannerInput = z
  .strictObject({
    shop_id: id.default(1),
    title: text("標題", 60),
    image: imagePath,
    image_mobile: imagePath,
    link,
    sort: z.number().int().min(0).max(9999).default(0),
    starts_at: when,
    ends_at: when,
  })
  .refine((b) => !b.starts_at || !b.ends_at || b.starts_at < b.ends_at, { path: ["ends_at"], message: "結束時間須晚於開始時間" });

export const orderListQuery = listQuery.extend({
  status: z
    .enum(["pending_payment", "paid", "processing", "shipped", "delivered", "completed", "cancelled", "refunded"])
    .optional(),
  shop_id: id.optional(),
  payment_method: z.enum(["card", "transfer", "cod", "points_wallet"]).optional(),
  from: z.iso.date({ error: "日期格式不正確" }).optional(),
  to: z.iso.date({ error: "日期格式不正確" }).optional(),
});
export const shipInput = z.strictObject({
  tracking_no: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{6,30}$/, { error: "託運單號為 6–30 個英數字" }),
});
export const reasonInput = z.strictObject({ reason: text("原因", 200) });
/** A refund after delivery: every unit still the buyer's, or only these (a partial refund). */
export const refundInput = z.strictObject({
  reason: text("原因", 200),
  items: z
    .array(
      z.strictObject({
        variant_id: id,
        qty: z.number({ error: "數量格式錯誤" }).int({ error: "數量需為整數" }).min(1, { error: "數量至少為 1" }).max(999),
      }),
    )
    .min(1, { error: "請選擇要退款的商品" })
    .max(100)
    .optional(),
});

export const balanceAdjustInput = z.strictObject({
  kind: z.enum(["points", "wallet"], { error: "請選擇點數或錢包" }),
  delta: z
    .number()
    .int({ error: "須為整數" })
    .min(-1_000_000)
    .max(1_000_000)
    .refine((n) => n !== 0, { error: "調整數量不可為 0" }),
  reason: text("原因", 200),
});

/** Main-mall settings staff may change, each with its rule. Amounts in NT$, percents whole numbers. */
export const settingsInput = z.strictObject({
  points_cap_per_order: money.optional(),
  monthly_member_threshold: money.optional(),
  team_point_level1: z.number().int().min(0, { error: "比例不可小於 0" }).max(50, { error: "比例最多 50%" }).optional(),
  team_point_level2: z.number().int().min(0, { error: "比例不可小於 0" }).max(50, { error: "比例最多 50%" }).optional(),
  withdrawal_minimum: money.optional(),
  withdrawal_fee: money.optional(),
  exchange_points_per_dollar: z.number().int().min(1, { error: "兌換比例至少為 1" }).max(1000).optional(),
  exchange_minimum_points: z.number().int().min(0).max(1_000_000).optional(),
  order_complete_days: z.number().int().min(1, { error: "鑑賞期至少 1 天" }).max(60, { error: "鑑賞期最多 60 天" }).optional(),
});
export type SettingsInput = z.infer<typeof settingsInput>;
export type SettingKey = keyof SettingsInput;
export const SETTING_KEYS = Object.keys(settingsInput.shape) as SettingKey[];
/** The value a setting has while none is stored (the services read their defaults from here). */
export const SETTING_DEFAULTS: Record<SettingKey, number> = {
  points_cap_per_order: 0,
  monthly_member_threshold: 3000,
  team_point_level1: 0,
  team_point_level2: 0,
  withdrawal_minimum: 500,
  withdrawal_fee: 15,
  exchange_points_per_dollar: 2,
  exchange_minimum_points: 100,
  order_complete_days: 7,
};
export const SETTING_LABELS: Record<SettingKey, string> = {
  points_cap_per_order: "每筆訂單點數折抵上限（0 為不限）",
  monthly_member_threshold: "月會員消費門檻（NT$）",
  team_point_level1: "第一層推薦點數比例（%）",
  team_point_level2: "第二層推薦點數比例（%）",
  withdrawal_minimum: "錢包提領最低金額（NT$）",
  withdrawal_fee: "提領手續費（NT$）",
  exchange_points_per_dollar: "點數兌換比例（點／NT$1）",
  exchange_minimum_points: "點數兌換最低點數",
  order_complete_days: "送達後自動完成訂單天數（鑑賞期）",
};

const sort = z.number().int().min(0).max(9999).default(0);
const optionalImage = imagePath.or(z.literal("")).default("");
/** Rich text from the editor; sanitised on the server when saved. */
const richText = z.string().max(200_000, { error: "內容過長" }).default("");
const percent = z.number().int().min(0, { error: "比例不可小於 0" }).max(100, { error: "比例最多 100%" });
const dateRange = <T extends { starts_at: string; ends_at: string }>(v: T) => v.starts_at < v.ends_at;
const at = z.iso.datetime({ offset: true, error: "時間格式不正確" });

// Content
export const newsInput = z.strictObject({
  shop_id: id.default(1),
  title: text("標題", 80),
  summary: z.string().trim().max(200, { error: "摘要最多 200 字" }).default(""),
  content: richText,
  image: optionalImage,
  /** Shown on the storefront from this time (a later time schedules it). */
  published_at: at,
});
export const staticPageInput = z.strictObject({
  shop_id: id.default(1),
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,29}$/, { error: "代碼為 2–30 個小寫英數字或底線" }),
  title: text("標題", 60),
  content: richText,
});
export const homeVideoInput = z.strictObject({
  type: z.enum(["youtube", "file"]),
  src: z
    .string()
    .trim()
    .max(300)
    .regex(/^https:\/\/(www\.)?(youtube\.com|youtube-nocookie\.com|youtu\.be)\/[^\s]+$|^\/uploads\/[A-Za-z0-9/_.-]+$/, {
      error: "影片須為 YouTube 網址或上傳的檔案",
    }),
  poster: optionalImage,
  title: z.string().trim().max(60).default(""),
});
const promoImageInput = z.strictObject({
  title: z.string().trim().max(60).default(""),
  image: imagePath,
  image_mobile: imagePath,
  link,
});
/** Every home block of one shop saved at once. */
export const homeBlocksInput = z.strictObject({
  home_title: z.string().trim().max(60).default(""),
  home_description: z.string().trim().max(2000, { error: "首頁介紹最多 2000 字" }).default(""),
  video: homeVideoInput.nullable().default(null),
  top_links: z
    .array(z.strictObject({ title: text("連結名稱", 20), url: link.refine((u) => u !== "", { error: "請輸入連結" }) }))
    .max(10, { error: "最多 10 個連結" })
    .default([]),
  single_images: z.array(promoImageInput).max(3, { error: "單張廣告圖最多 3 張" }).default([]),
  twice_images: z.array(promoImageInput).max(6, { error: "雙圖廣告最多 6 張" }).default([]),
  quick_orders: z
    .array(z.strictObject({ variant_id: id, title: text("名稱", 40), image: optionalImage }))
    .max(12, { error: "快速下單最多 12 項" })
    .default([]),
});
export type HomeBlocksInput = z.infer<typeof homeBlocksInput>;

// Catalogue
export const shipMethodInput = z.strictObject({
  name: text("名稱", 30),
  fee: money,
  free_threshold: money.nullable().default(null),
  enabled: z.boolean(),
  sort,
});
export const PAYMENT_SWITCHES = ["pay_card", "pay_transfer", "pay_cod"] as const;
export const paymentSettingsInput = z.strictObject({
  pay_card: z.boolean(),
  pay_transfer: z.boolean(),
  pay_cod: z.boolean(),
  transfer_bank_code: z.string().regex(/^\d{3}$/, { error: "銀行代碼為 3 位數字" }),
  transfer_account: z
    .string()
    .trim()
    .regex(/^\d[\d-]{8,18}\d$/, { error: "帳號為 10–16 位數字，可用 - 分隔" })
    .refine((a) => a.replaceAll("-", "").length >= 10 && a.replaceAll("-", "").length <= 16, {
      error: "帳號為 10–16 位數字，可用 - 分隔",
    }),
  transfer_holder: text("戶名", 40),
});
export type PaymentSettingsInput = z.infer<typeof paymentSettingsInput>;

// Marketing
export const couponInput = z
  .strictObject({
    title: text("名稱", 40),
    kind: z.enum(["amount", "percent"], { error: "請選擇折扣方式" }),
    value: z.number().int().min(1, { error: "折扣須大於 0" }).max(100_000),
    min_spend: money.default(0),
    product_ids: z.array(id).max(200).default([]),
    category_ids: z.array(id).max(50).default([]),
  })
  .refine((c) => c.kind !== "percent" || c.value <= 99, { path: ["value"], message: "折扣百分比為 1–99" });
export const issueCouponInput = z.strictObject({
  coupon_id: id,
  days: z.number().int().min(1, { error: "有效天數至少 1 天" }).max(365, { error: "有效天數最多 365 天" }),
});
export const promotionInput = z
  .strictObject({
    shop_id: id.default(1),
    title: text("名稱", 40),
    kind: z.enum(["amount_off", "percent_off", "bundle_price"], { error: "請選擇活動方式" }),
    threshold: money.default(0),
    value: z.number().int().min(0).max(100_000).default(0),
    bundle_qty: z.number().int().min(2).max(99).nullable().default(null),
    bundle_price: money.nullable().default(null),
    summary: z.string().trim().max(120).default(""),
    description: richText,
    image: optionalImage,
    product_ids: z.array(id).max(200).default([]),
    starts_at: at,
    ends_at: at,
  })
  .refine(dateRange, { path: ["ends_at"], message: "結束時間須晚於開始時間" })
  .refine((p) => p.kind !== "percent_off" || (p.value >= 1 && p.value <= 99), { path: ["value"], message: "折扣百分比為 1–99" })
  .refine((p) => p.kind !== "amount_off" || (p.value >= 1 && p.value <= p.threshold), {
    path: ["value"],
    message: "折抵金額須大於 0 且不超過門檻",
  })
  .refine((p) => p.kind !== "bundle_price" || (p.bundle_qty !== null && p.bundle_price !== null && p.product_ids.length > 0), {
    path: ["bundle_price"],
    message: "組合價需填寫件數、價格並選擇商品",
  });
export const PRIZE_KINDS = ["points", "wallet", "coupon", "goods", "nothing"] as const;
export const prizeInput = z
  .strictObject({
    id: id.optional(),
    title: text("獎項名稱", 40),
    kind: z.enum(PRIZE_KINDS, { error: "請選擇獎項類型" }),
    amount: z.number().int().min(0).max(100_000).default(0),
    coupon_id: id.nullable().default(null),
    coupon_days: z.number().int().min(1).max(365).default(30),
    variant_id: id.nullable().default(null),
    weight: z.number().int().min(1, { error: "機率權重至少為 1" }).max(1_000_000),
    /** Prizes left; null = unlimited (only for 銘謝惠顧). */
    stock: z.number().int().min(0, { error: "數量不可小於 0" }).max(100_000).nullable(),
  })
  .refine((p) => !["points", "wallet"].includes(p.kind) || p.amount > 0, { path: ["amount"], message: "請填寫點數或金額" })
  .refine((p) => p.kind !== "coupon" || p.coupon_id !== null, { path: ["coupon_id"], message: "請選擇優惠券" })
  .refine((p) => p.kind !== "goods" || p.variant_id !== null, { path: ["variant_id"], message: "請選擇贈品規格" })
  .refine((p) => p.kind === "nothing" || p.stock !== null, { path: ["stock"], message: "請填寫獎項數量" });
export const raffleInput = z
  .strictObject({
    title: text("名稱", 40),
    description: z.string().trim().max(1000).default(""),
    min_order_amount: money,
    cards_per_order: z.number().int().min(1).max(10).default(1),
    starts_at: at,
    ends_at: at,
    active: z.boolean().default(true),
    prizes: z.array(prizeInput).min(1, { error: "請至少設定一個獎項" }).max(20, { error: "最多 20 個獎項" }),
  })
  .refine(dateRange, { path: ["ends_at"], message: "結束時間須晚於開始時間" });
export const exchangeItemInput = z.strictObject({
  variant_id: id,
  title: text("名稱", 40),
  image: optionalImage,
  points: z.number().int().min(1, { error: "所需點數至少 1" }).max(10_000_000),
  active: z.boolean().default(true),
});

// Payouts
export const withdrawalQuery = listQuery.extend({ status: z.enum(["requested", "approved", "paid", "rejected"]).optional() });
export const payReferenceInput = z.strictObject({ reference: text("匯款參考編號", 60) });

// Shops, sellers, dealers
export const shopCreateInput = z.strictObject({
  owner_member_id: id,
  name: text("商城名稱", 40),
  intro: z.string().trim().max(500).default(""),
  commission_percent: percent.default(0),
});
export const shopUpdateInput = z.strictObject({
  name: text("商城名稱", 40),
  intro: z.string().trim().max(500).default(""),
  logo: optionalImage,
  banner: optionalImage,
  commission_percent: percent,
  status: z.enum(["open", "suspended"]),
});
export const dealerInput = z.strictObject({
  name: text("名稱", 60),
  county: text("縣市", 10),
  district: z.string().trim().max(10).default(""),
  address: z.string().trim().max(120).default(""),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9()#\- ]{0,20}$/, { error: "電話格式不正確" })
    .default(""),
  image: optionalImage,
  intro: z.string().trim().max(2000).default(""),
  featured: z.boolean().default(false),
  status: z.enum(["active", "hidden"]).default("active"),
  sort,
  product_ids: z.array(id).max(500).default([]),
  outlets: z
    .array(
      z.strictObject({
        name: text("門市名稱", 60),
        county: text("縣市", 10),
        district: z.string().trim().max(10).default(""),
        address: text("地址", 120),
        phone: z.string().trim().max(20).default(""),
        hours: z.string().trim().max(60).default(""),
      }),
    )
    .max(100)
    .default([]),
});
