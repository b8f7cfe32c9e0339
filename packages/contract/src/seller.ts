import { SELLER_SHIP_STATUSES } from "./codes.js";
import { idSchema, MAX_PAGE } from "./common.js";
import { ORDER_STATUS_CODES, orderNoSchema, type ShipMethodCode } from "./order.js";
import type {
  sellerHome,
  sellerOrderSummary,
  sellerOrderView,
  sellerStockLogView,
  sellerStockReason,
  sellerStockView,
} from "./responses/seller.js";
import { z } from "./zod.js";

/** Orders listed per page in the seller area. */
export const SELLER_PAGE_SIZE = 10;

export const sellerListInput = z.strictObject({
  status: z.enum(ORDER_STATUS_CODES, { error: "訂單狀態錯誤" }).optional(),
  keyword: z.string({ error: "關鍵字格式錯誤" }).trim().max(30, { error: "關鍵字最多 30 個字" }).optional(),
  page: z.coerce
    .number({ error: "頁碼格式錯誤" })
    .int({ error: "頁碼格式錯誤" })
    .min(1, { error: "頁碼需從 1 開始" })
    .max(MAX_PAGE, { error: "頁碼過大" })
    .default(1),
});
export type SellerListInput = z.input<typeof sellerListInput>;

export const sellerOrderInput = z.strictObject({ order_no: orderNoSchema });

/** Home-delivery methods a seller may switch between before shipping (store pickup needs the buyer's chosen store). */
export const SELLER_SWITCHABLE_METHODS = ["hct", "self"] as const satisfies readonly ShipMethodCode[];

export const sellerShipMethodInput = z.strictObject({
  order_no: orderNoSchema,
  ship_method: z.enum(SELLER_SWITCHABLE_METHODS, { error: "只能改為宅配或賣家自行配送" }),
});

export const sellerSelfShipInput = z.strictObject({
  order_no: orderNoSchema,
  carrier: z
    .string({ error: "請輸入物流業者" })
    .trim()
    .min(1, { error: "請輸入物流業者" })
    .max(20, { error: "物流業者最多 20 個字" }),
  /** Optional: a seller delivering by hand has no tracking number, and may leave a short note instead. */
  tracking_no: z.string({ error: "物流單號格式錯誤" }).trim().max(30, { error: "物流單號或備註最多 30 個字" }).default(""),
});

export { SELLER_SHIP_STATUSES } from "./codes.js";
export const sellerShipStatusInput = z.strictObject({
  order_no: orderNoSchema,
  status: z.enum(SELLER_SHIP_STATUSES, { error: "出貨狀態只能設為備貨中或已送達" }),
});

export const sellerFromDepotInput = z.strictObject({
  items: z
    .array(
      z.strictObject({
        variant_id: idSchema,
        qty: z.coerce
          .number({ error: "數量格式錯誤" })
          .int({ error: "數量需為整數" })
          .min(1, { error: "數量至少為 1" })
          .max(999, { error: "數量最多為 999" }),
      }),
      { error: "請選擇要轉入的商品" },
    )
    .min(1, { error: "請選擇要轉入的商品" })
    .max(50, { error: "一次最多 50 項商品" }),
});

export const SELLER_STOCK_REASON_LABELS: Record<SellerStockReason, string> = {
  staff: "總公司撥入",
  depot: "雲端庫存轉入",
  order: "自行配送出貨",
  return: "退貨回庫",
};

export type SellerOrderSummary = z.output<typeof sellerOrderSummary>;
export type SellerOrderView = z.output<typeof sellerOrderView>;
export type SellerStockView = z.output<typeof sellerStockView>;
export type SellerStockReason = z.output<typeof sellerStockReason>;
export type SellerStockLogView = z.output<typeof sellerStockLogView>;
export type SellerHome = z.output<typeof sellerHome>;
