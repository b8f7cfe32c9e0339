import { z } from "zod";
import { id, imagePath, link, listQuery, money, optionalText, text, when } from "./admin-fields.js";
import { PAYMENT_METHOD_CODES, PERMISSIONS, type Permission, STAFF_ROLES, type StaffRole } from "./codes.js";
import { dbId, phoneSchema } from "./common.js";
import type { adminCategory, adminProduct, adminProductRow, uploadedImage } from "./responses/admin-catalogue.js";
import type { staffSessionView, staffView } from "./responses/admin-people.js";
import type { adminDashboard, staffLogin, totpSetup } from "./responses/admin-session.js";
import type {
  adminDealer,
  adminSettings,
  adminShipMethod,
  adminShop,
  paymentSettings,
  shopPaymentSettings,
} from "./responses/admin-shops.js";
import { TEMPERATURES } from "./shipping.js";

export { PERMISSIONS, type Permission, STAFF_ROLES, type StaffRole } from "./codes.js";

export const ROLE_LABELS: Record<StaffRole, string> = { owner: "擁有者", operator: "營運人員", support: "客服人員" };

export function can(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** A staff account as the API shows it (the schema is in responses/admin-people.ts). */
export type StaffView = z.output<typeof staffView>;
/** One of a staff member's sessions (responses/admin-people.ts). */
export type StaffSessionView = z.output<typeof staffSessionView>;
/** /admin/auth/login's answer: the staff token and who signed in. */
export type StaffLogin = z.output<typeof staffLogin>;
export type TotpSetup = z.output<typeof totpSetup>;
/** /admin/dashboard's answer. */
export type AdminDashboard = z.output<typeof adminDashboard>;
export type AdminProduct = z.output<typeof adminProduct>;
export type AdminProductRow = z.output<typeof adminProductRow>;
export type AdminCategory = z.output<typeof adminCategory>;
export type UploadedImage = z.output<typeof uploadedImage>;
/** /admin/payment_settings' answer. */
export type PaymentSettings = z.output<typeof paymentSettings>;
/** /admin/shops/:id/payment_settings' answer. */
export type ShopPaymentSettings = z.output<typeof shopPaymentSettings>;
export type AdminShop = z.output<typeof adminShop>;
export type AdminDealer = z.output<typeof adminDealer>;
export type AdminShipMethod = z.output<typeof adminShipMethod>;
/** /admin/settings' answer: values and labels by setting key. */
export type AdminSettings = z.output<typeof adminSettings>;

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
  /** The owner turns off a staff member's two-step sign-in (a lost phone); they set it up again. */
  reset_totp: z.boolean().optional(),
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
  /** One packed unit (decision 89): length + width + height in cm, and weight in grams. */
  size_cm: z
    .number({ error: "材積須為整數" })
    .int({ error: "材積須為整數" })
    .min(1, { error: "材積至少 1 公分" })
    .max(300, { error: "材積最多 300 公分" })
    .default(30),
  weight_g: z
    .number({ error: "重量須為整數" })
    .int({ error: "重量須為整數" })
    .min(1, { error: "重量至少 1 公克" })
    .max(100_000, { error: "重量最多 100 公斤" })
    .default(500),
  /** GTIN (EAN-8, UPC-A, EAN-13, GTIN-14) for the product feeds; "" when the goods have none (decision 99). */
  gtin: z
    .string()
    .trim()
    .regex(/^(\d{8}|\d{12,14})$/, { error: "GTIN 為 8、12、13 或 14 位數字" })
    .or(z.literal(""))
    .default(""),
  /** Pre-order (decision 96): null = not on pre-order; else up to this many units sold beyond stock. */
  preorder_cap: z
    .number({ error: "預購上限須為整數" })
    .int({ error: "預購上限須為整數" })
    .min(1, { error: "預購上限至少 1 件" })
    .max(100_000, { error: "預購上限最多 100000 件" })
    .nullable()
    .default(null),
  /** Expected ship date (YYYY-MM-DD, Asia/Taipei), required with a cap; must be after today (checked by the server). */
  preorder_ship_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "預計出貨日格式錯誤" })
    .nullable()
    .default(null),
});
export const productInput = z
  .strictObject({
    category_id: id,
    name: text("商品名稱", 80),
    subtitle: z.string().trim().max(120, { error: "副標題最多 120 字" }).default(""),
    /** HTML from the editor; sanitised on the server. */
    description: z.string().max(100_000, { error: "商品介紹過長" }).default(""),
    /** English for the English storefront, "" for none (it shows the Chinese; decision 109). */
    name_en: optionalText("英文商品名稱", 80),
    subtitle_en: optionalText("英文副標題", 120),
    /** HTML from the editor; sanitised on the server like `description`. */
    description_en: z.string({ error: "英文商品介紹格式不正確" }).max(100_000, { error: "英文商品介紹過長" }).default(""),
    images: z.array(imagePath).min(1, { error: "請上傳至少一張商品圖片" }).max(12, { error: "最多 12 張圖片" }),
    status: z.enum(["on", "off"]).default("off"),
    point_percent: z.number().int().min(0, { error: "點數比例不可小於 0" }).max(100, { error: "點數比例最多 100" }).default(0),
    tags: z
      .array(z.enum(["recommended", "hot", "new"]))
      .max(3)
      .default([]),
    per_order_limit: z.number().int().min(1).max(999).nullable().default(null),
    /** 每人限購 N 件 across a member's orders not cancelled or refunded (decision 92); null: no limit. */
    per_member_limit: z
      .number()
      .int()
      .min(1, { error: "每人限購至少 1 件" })
      .max(999, { error: "每人限購最多 999 件" })
      .nullable()
      .default(null),
    /** 限時搶購: an unpaid order of it is cancelled this many minutes after it was placed, card only (issue 51); null: the usual deadlines. */
    hold_minutes: z
      .number({ error: "限時搶購保留時間請填 1–120 分鐘" })
      .int({ error: "限時搶購保留時間請填整數分鐘" })
      .min(1, { error: "限時搶購保留時間至少 1 分鐘" })
      .max(120, { error: "限時搶購保留時間最多 120 分鐘" })
      .nullable()
      .default(null),
    /** 常溫 / 冷藏 / 冷凍: the coldest line decides the parcel's temperature. */
    temperature: z.enum(TEMPERATURES, { error: "溫層錯誤" }).default("normal"),
    /** The brand the product feeds name; "" for the shop's own (decision 99). */
    brand: z.string().trim().max(70, { error: "品牌最多 70 字" }).default(""),
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
      if (v.preorder_cap !== null && !v.preorder_ship_on)
        ctx.addIssue({ code: "custom", path: ["variants", i, "preorder_ship_on"], message: "開放預購請填寫預計出貨日" });
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
  /** The English name on the English storefront, "" for none (decision 109). */
  name_en: optionalText("英文分類名稱", 30),
  parent_id: id.nullable().default(null),
  image: imagePath.or(z.literal("")).default(""),
  sort: z.number().int().min(0).max(9999).default(0),
  show_on_home: z.boolean().default(false),
});

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
  payment_method: z.enum(PAYMENT_METHOD_CODES).optional(),
  /**
   * to_ship: what 待出貨 counts (paid or processing, and unpaid cash on delivery);
   * transfer_reported: what 已回報匯款 counts (unpaid transfers whose buyer reported the payment).
   */
  queue: z.enum(["to_ship", "transfer_reported", "preorder_waiting"], { error: "篩選條件不正確" }).optional(),
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
/** NT$ staff give back, whole; omitted, all that is refundable (the server caps it). */
const refundAmountSchema = z
  .number({ error: "請輸入退款金額" })
  .int({ error: "退款金額需為整數" })
  .min(0, { error: "退款金額不可為負數" })
  .max(10_000_000)
  .optional();

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
  /** NT$ to give back (whole), at most what the units are worth now; omitted, all of it. */
  amount: refundAmountSchema,
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
  withdrawal_hold_hours: z.number().int().min(0, { error: "不可小於 0" }).max(720, { error: "最多 720 小時" }).optional(),
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
  withdrawal_hold_hours: 72,
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
  withdrawal_hold_hours: "收款帳戶變更後暫停提領（小時）",
  exchange_points_per_dollar: "點數兌換比例（點／NT$1）",
  exchange_minimum_points: "點數兌換最低點數",
  order_complete_days: "送達後自動完成訂單天數（鑑賞期）",
};

export * from "./admin-deals.js";
export { listQuery } from "./admin-fields.js";
export * from "./admin-payments.js";
export * from "./admin-storefront.js";
export * from "./admin-tiers.js";

/** /admin/messages: the customer-message log, optionally one state or channel; `q` finds an order number or address. */
export const MESSAGE_STATUS_LABELS = { pending: "待發送", sending: "發送中", sent: "已發送", failed: "發送失敗" } as const;
export const MESSAGE_CHANNEL_LABELS = { email: "電子郵件", line: "LINE", sms: "簡訊" } as const;
export const messageQuery = listQuery.extend({
  status: z.enum(["pending", "sending", "sent", "failed"], { error: "狀態不正確" }).optional(),
  channel: z.enum(["email", "line", "sms"], { error: "管道不正確" }).optional(),
});

/** /admin/inquiries: the inbox, optionally one state; `q` finds a name, phone, e-mail or subject. */
export const INQUIRY_STATUS_LABELS = { new: "待回覆", replied: "已回覆", closed: "已結案" } as const;
export const inquiryQuery = listQuery.extend({
  status: z.enum(["new", "replied", "closed"], { error: "狀態不正確" }).optional(),
});
/** A reply, mailed to the asker and kept in the thread. */
export const inquiryReplyInput = z.strictObject({
  body: z
    .string({ error: "請輸入回覆內容" })
    .trim()
    .min(2, { error: "回覆內容至少 2 個字" })
    .max(5000, { error: "回覆內容最多 5000 個字" }),
});
/** Close or reopen an inquiry, or give it to someone (null: nobody). */
export const inquiryUpdateInput = z
  .strictObject({
    status: z.enum(["new", "replied", "closed"], { error: "狀態不正確" }).optional(),
    assignee_id: dbId("負責人不正確").nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.assignee_id !== undefined, { error: "沒有要變更的內容" });

/** /admin/takeouts: cloud-depot pick-ups (提貨), optionally one state. */
export const takeoutQuery = listQuery.extend({
  status: z.enum(["requested", "shipped", "delivered"], { error: "狀態不正確" }).optional(),
});

/** /admin/returns: buyers' return requests, optionally one state. */
export const returnQuery = listQuery.extend({
  /** One state, or 處理中 (`open`: requested, approved, received) or 已結案 (`closed`). */
  status: z
    .enum(["open", "closed", "requested", "approved", "rejected", "received", "refunded", "reshipped"], { error: "狀態不正確" })
    .optional(),
});
/** 核准 with 逆物流 (decision 91): how the parcel comes back — a store chain, a 黑貓 pick-up, or null (the buyer arranges it). */
export const returnApproveInput = z.strictObject({
  return_carrier: z.enum(["cvs_711", "cvs_family", "cvs_hilife", "tcat"], { error: "退貨方式不正確" }).nullable().default(null),
  store_return_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{0,20}$/, { error: "超商退貨寄件代碼為 20 個字以內的英數字" })
    .default(""),
});
/** 批次建立寄件單 / 列印標籤 PDF: the selected orders (decision 91). */
export const shipmentBatchInput = z.strictObject({
  order_nos: z
    .array(z.string().trim().min(1).max(40), { error: "請選擇訂單" })
    .min(1, { error: "請至少選擇一筆訂單" })
    .max(100, { error: "一次最多 100 筆訂單" }),
});
/** 收到退貨: staff say where the units go — back into sellable stock, or written off as faulty (瑕疵品). */
export const returnReceiveInput = z.strictObject({
  disposition: z.enum(["restock", "write_off"], { error: "請選擇退回商品要回庫存或列為瑕疵品" }),
  note: z.string().trim().max(200, { error: "說明最多 200 個字" }).default(""),
});
/** 退款: the amount staff give back (NT$, whole), at most the units' refundable value; omitted, all of it. */
export const returnRefundInput = z.strictObject({
  amount: refundAmountSchema,
});

/**
 * 批次出貨: order numbers with their tracking numbers (pasted from the carrier's sheet). Each row is
 * checked and applied on its own: the valid ones ship, the others come back with their reason.
 */
export const bulkShipInput = z.strictObject({
  rows: z
    .array(z.strictObject({ order_no: z.string().max(40), tracking_no: z.string().max(40) }), {
      error: "請提供訂單編號與物流單號",
    })
    .min(1, { error: "請至少輸入一筆訂單編號與物流單號" })
    .max(200, { error: "一次最多 200 筆" }),
});

/** Staff correct a member's profile (a phone or e-mail another member has is refused). */
export const memberProfileInput = z.strictObject({
  name: text("姓名", 30),
  nickname: z.string().trim().max(30, { error: "暱稱最多 30 個字" }).nullable().default(null),
  phone: phoneSchema,
  email: z
    .email({ error: "電子郵件格式錯誤" })
    .max(120)
    .nullable()
    .or(z.literal("").transform(() => null))
    .default(null),
});

export * from "./admin-invoices.js";
export * from "./admin-rewards.js";
export * from "./message-templates.js";
