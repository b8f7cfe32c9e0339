import { pageQuerySchema } from "./common.js";
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
  member_id: z.coerce.number({ error: "會員編號格式錯誤" }).int().positive({ error: "會員編號格式錯誤" }),
});
