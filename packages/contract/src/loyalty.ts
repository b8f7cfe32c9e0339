import { dbId, pageQuerySchema } from "./common.js";
import { z } from "./zod.js";

export interface LedgerEntryView {
  id: number;
  delta: number;
  reason: string;
  created_at: string;
}

export interface PointsPage {
  balance: number;
  list: LedgerEntryView[];
  total: number;
  page: number;
  per_page: number;
}

export interface WalletHome {
  balance: number;
  list: LedgerEntryView[];
  total: number;
  page: number;
  per_page: number;
}

export interface MonthMemberView {
  month: string;
  threshold: number;
  counted: number;
  remaining: number;
  qualified: boolean;
}

export interface CouponView {
  id: number;
  title: string;
  kind: "amount" | "percent";
  value: number;
  min_spend: number;
  expires_at: string;
  used_order_no: string | null;
  state: "available" | "used" | "expired";
}

export const ledgerQuery = pageQuerySchema;
export const couponQuery = z.object({
  state: z.enum(["available", "used", "expired"], { error: "優惠券狀態錯誤" }).default("available"),
});

export interface ReferralView {
  member_id: number;
  /** Masked: 王*明 */
  name: string;
  /** Masked: 0912***678 */
  phone: string;
  joined_at: string;
  /** Qualified monthly member this month. */
  qualified: boolean;
  referrals: number;
}
export const refChildInput = z.strictObject({
  member_id: dbId("會員編號格式錯誤"),
});

export const exchangeInput = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({
      kind: z.literal("self"),
      points: z.coerce
        .number({ error: "請輸入點數" })
        .int({ error: "點數需為整數" })
        .positive({ error: "點數需大於 0" })
        .max(10_000_000),
    }),
    z.strictObject({
      kind: z.literal("company"),
      item_id: dbId("請選擇兌換商品"),
      qty: z.coerce
        .number({ error: "數量格式錯誤" })
        .int({ error: "數量需為整數" })
        .min(1, { error: "數量至少為 1" })
        .max(20, { error: "數量最多為 20" }),
    }),
  ],
  { error: "請選擇兌換方式" },
);

export interface ExchangeSelfView {
  points_per_dollar: number;
  minimum_points: number;
  points: number;
}
export interface ExchangeItemView {
  id: number;
  title: string;
  image: string;
  points: number;
}
export interface ExchangeView {
  id: number;
  kind: "self" | "company";
  title: string;
  points: number;
  wallet_amount: number;
  qty: number;
  status: "completed";
  status_label: string;
  created_at: string;
}

export interface DepotStockView {
  variant_id: number;
  product_id: number;
  name: string;
  variant_name: string;
  image: string;
  qty: number;
}
export interface DepotLogView {
  id: number;
  variant_id: number;
  name: string;
  qty: number;
  reason: string;
  created_at: string;
}
export interface TakeoutView {
  id: number;
  items: Array<{ variant_id: number; qty: number; name: string }>;
  address: string;
  fee: number;
  status: "requested" | "shipped";
  status_label: string;
  tracking_no: string | null;
  created_at: string;
}
export const takeoutInput = z.strictObject({
  items: z
    .array(
      z.strictObject({
        variant_id: dbId("商品格式錯誤"),
        qty: z.coerce.number({ error: "數量格式錯誤" }).int({ error: "數量需為整數" }).min(1, { error: "數量至少為 1" }).max(99),
      }),
      { error: "請選擇要提貨的商品" },
    )
    .min(1, { error: "請選擇要提貨的商品" })
    .max(50),
  address_id: dbId("請選擇收件地址"),
});

export type PrizeKind = "points" | "wallet" | "coupon" | "goods" | "nothing";
export interface RafflePrizeView {
  id: number;
  title: string;
  kind: PrizeKind;
  /** False once every unit has been won. */
  in_stock: boolean;
}
export interface RaffleView {
  id: number;
  title: string;
  description: string;
  min_order_amount: number;
  cards_per_order: number;
  starts_at: string;
  ends_at: string;
  prizes: RafflePrizeView[];
}
export interface TicketView {
  id: number;
  raffle_title: string;
  /** "訂單 2026…" or "活動贈送". */
  source_label: string;
  status: "new" | "scratched" | "void";
  prize: { title: string; kind: PrizeKind } | null;
  created_at: string;
  scratched_at: string | null;
}
export const scratchInput = z.strictObject({
  ticket_id: dbId("請選擇刮刮卡"),
});
