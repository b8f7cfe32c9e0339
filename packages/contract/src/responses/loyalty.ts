import { z } from "../zod.js";
import { paged } from "./envelope.js";

/** Shapes of the member's points, wallet, coupons, referrals, exchange, cloud depot and raffles. */
const int = z.number().int();

export const ledgerEntryView = z.object({
  id: int,
  delta: int,
  reason: z.string(),
  created_at: z.string(),
});

/** A page of the points or wallet ledger, newest first, with the balance. */
export const ledgerPage = paged(ledgerEntryView).extend({ balance: int });

/** /point/month: points earned and used per calendar month (Asia/Taipei), newest first. */
export const pointMonth = z.object({ month: z.string(), earned: int, used: int });

export const monthMemberView = z.object({
  month: z.string(),
  threshold: int,
  counted: int,
  remaining: int,
  qualified: z.boolean(),
});

export const couponState = z.enum(["available", "used", "expired"]);

export const couponView = z.object({
  id: int,
  title: z.string(),
  kind: z.enum(["amount", "percent"]),
  value: int,
  min_spend: int,
  expires_at: z.string(),
  used_order_no: z.string().nullable(),
  state: couponState,
});

export const referralView = z.object({
  member_id: int,
  /** Masked: 王*明 */
  name: z.string(),
  /** Masked: 0912***678 */
  phone: z.string(),
  joined_at: z.string(),
  /** Qualified monthly member this month. */
  qualified: z.boolean(),
  referrals: int,
});

export const exchangeSelfView = z.object({
  points_per_dollar: int,
  minimum_points: int,
  points: int,
});

export const exchangeItemView = z.object({
  id: int,
  title: z.string(),
  image: z.string(),
  points: int,
});

export const exchangeView = z.object({
  id: int,
  kind: z.enum(["self", "company"]),
  title: z.string(),
  points: int,
  wallet_amount: int,
  qty: int,
  status: z.enum(["completed"]),
  status_label: z.string(),
  created_at: z.string(),
});

export const depotStockView = z.object({
  variant_id: int,
  product_id: int,
  name: z.string(),
  variant_name: z.string(),
  image: z.string(),
  qty: int,
});

export const depotLogView = z.object({
  id: int,
  variant_id: int,
  name: z.string(),
  qty: int,
  reason: z.string(),
  created_at: z.string(),
});

export const takeoutView = z.object({
  id: int,
  items: z.array(z.object({ variant_id: int, qty: int, name: z.string() })),
  address: z.string(),
  fee: int,
  status: z.enum(["requested", "shipped", "delivered"]),
  status_label: z.string(),
  tracking_no: z.string().nullable(),
  created_at: z.string(),
});

export const prizeKind = z.enum(["points", "wallet", "coupon", "goods", "nothing"]);

export const rafflePrizeView = z.object({
  id: int,
  title: z.string(),
  kind: prizeKind,
  /** False once every unit has been won. */
  in_stock: z.boolean(),
});

export const raffleView = z.object({
  id: int,
  title: z.string(),
  description: z.string(),
  min_order_amount: int,
  cards_per_order: int,
  starts_at: z.string(),
  ends_at: z.string(),
  prizes: z.array(rafflePrizeView),
});

export const ticketView = z.object({
  id: int,
  raffle_title: z.string(),
  /** "訂單 2026…" or "活動贈送". */
  source_label: z.string(),
  status: z.enum(["new", "scratched", "void"]),
  prize: z.object({ title: z.string(), kind: prizeKind }).nullable(),
  created_at: z.string(),
  scratched_at: z.string().nullable(),
});
