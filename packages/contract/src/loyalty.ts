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
