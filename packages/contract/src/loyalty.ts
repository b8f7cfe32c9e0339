import { dbId, pageQuerySchema } from "./common.js";
import type {
  couponView,
  depotLogView,
  depotStockView,
  exchangeItemView,
  exchangeSelfView,
  exchangeView,
  ledgerEntryView,
  ledgerPage,
  monthMemberView,
  pointMonth,
  prizeKind,
  rafflePrizeView,
  raffleView,
  referralView,
  takeoutView,
  ticketView,
} from "./responses/loyalty.js";
import type { memberTierView, teamPointsView, tierPerks } from "./responses/tiers.js";
import { z } from "./zod.js";

export const ledgerQuery = pageQuerySchema;
export const couponQuery = z.object({
  state: z.enum(["available", "used", "expired"], { error: "優惠券狀態錯誤" }).default("available"),
});

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

export const scratchInput = z.strictObject({
  ticket_id: dbId("請選擇刮刮卡"),
});

export type LedgerEntryView = z.output<typeof ledgerEntryView>;
export type PointsPage = z.output<typeof ledgerPage>;
export type WalletHome = z.output<typeof ledgerPage>;
export type PointMonth = z.output<typeof pointMonth>;
export type MonthMemberView = z.output<typeof monthMemberView>;
export type CouponView = z.output<typeof couponView>;
export type ReferralView = z.output<typeof referralView>;
export type ExchangeSelfView = z.output<typeof exchangeSelfView>;
export type ExchangeItemView = z.output<typeof exchangeItemView>;
export type ExchangeView = z.output<typeof exchangeView>;
export type DepotStockView = z.output<typeof depotStockView>;
export type DepotLogView = z.output<typeof depotLogView>;
export type TakeoutView = z.output<typeof takeoutView>;
export type PrizeKind = z.output<typeof prizeKind>;
export type RafflePrizeView = z.output<typeof rafflePrizeView>;
export type RaffleView = z.output<typeof raffleView>;
export type TicketView = z.output<typeof ticketView>;
export type TierPerks = z.output<typeof tierPerks>;
export type MemberTierView = z.output<typeof memberTierView>;
export type TeamPointsView = z.output<typeof teamPointsView>;
