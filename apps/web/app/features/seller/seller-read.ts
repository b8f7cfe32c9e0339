import { msg } from "@lingui/core/macro";
import type { Paged } from "@shop/contract/envelope";
import type { DepotStockView } from "@shop/contract/loyalty";
import { ORDER_STATUS_CODES, type OrderStatus } from "@shop/contract/order";
import type { SellerHome, SellerOrderSummary, SellerStockLogView, SellerStockView } from "@shop/contract/seller";
import type { SellerAnalytics, ShopChangeStatus, ShopSettingsView } from "@shop/contract/seller-shop";
import type { MessageDescriptor } from "../../i18n/runtime";
import { api } from "../../lib/api";
import { memberRead, memberReadOr, requireToken } from "../member/member-read";
import type { SellerTab } from "./SellerNav";

/** The states a seller works through, in order, after 全部 (a refund shows under 全部 only). */
export const SELLER_ORDER_TABS: Array<OrderStatus | ""> = ["", ...ORDER_STATUS_CODES.filter((s) => s !== "refunded")];

export type OrdersQuery = { status: OrderStatus | ""; keyword: string; page: number };
export type StockData = { stock: SellerStockView[]; log: SellerStockLogView[]; depot: DepotStockView[] };
export type Period = { from: string; to: string };

/** The order states' names (the server's ORDER_STATUS_LABELS), in the page's language. */
export const ORDER_STATUS_MSGS: Record<OrderStatus, MessageDescriptor> = {
  pending_payment: msg`待付款`,
  paid: msg`已付款`,
  processing: msg`備貨中`,
  shipped: msg`已出貨`,
  delivered: msg`已送達`,
  completed: msg`已完成`,
  cancelled: msg`已取消`,
  refunded: msg`已退款`,
};

/** A change request's state (the server's SHOP_CHANGE_STATUS_LABELS). */
export const SHOP_CHANGE_STATUS_MSGS: Record<ShopChangeStatus, MessageDescriptor> = {
  pending: msg`審核中`,
  approved: msg`已核准`,
  rejected: msg`未核准`,
  withdrawn: msg`已被新申請取代`,
};

/**
 * Ship method names the server sends (the orders' names and the ship-method rows' defaults), by
 * their zh-TW name; a name staff renamed shows as they wrote it.
 */
export const SHIP_NAME_MSGS: Readonly<Record<string, MessageDescriptor>> = {
  新竹物流宅配: msg`新竹物流宅配`,
  宅配到府: msg`宅配到府`,
  黑貓宅急便: msg`黑貓宅急便`,
  中華郵政宅配: msg`中華郵政宅配`,
  "7-ELEVEN 超商取貨": msg`7-ELEVEN 超商取貨`,
  全家超商取貨: msg`全家超商取貨`,
  萊爾富超商取貨: msg`萊爾富超商取貨`,
  "OK 超商取貨": msg`OK 超商取貨`,
  "雲端庫存（暫不出貨）": msg`雲端庫存（暫不出貨）`,
  賣家自行配送: msg`賣家自行配送`,
};

/** Payment method names the server sends (PAYMENT_METHOD_LABELS), by their zh-TW name. */
export const PAYMENT_NAME_MSGS: Readonly<Record<string, MessageDescriptor>> = {
  信用卡: msg`信用卡`,
  "ATM／銀行轉帳": msg`ATM／銀行轉帳`,
  貨到付款: msg`貨到付款`,
  "點數／錢包全額付款": msg`點數／錢包全額付款`,
  街口支付: msg`街口支付`,
  悠遊付: msg`悠遊付`,
  "Atome 先享後付": msg`Atome 先享後付`,
  "ATM 虛擬帳號（免回報）": msg`ATM 虛擬帳號（免回報）`,
};

type Translate = (descriptor: MessageDescriptor) => string;

/** A server label in the page's language, by its zh-TW text; one the map does not know shows as sent. */
export function labelIn(map: Readonly<Record<string, MessageDescriptor>>, label: string, t: Translate): string {
  return Object.hasOwn(map, label) ? t(map[label] as MessageDescriptor) : label;
}

/** An order's ship method name in the page's language: 賣家自行配送（黑貓宅急便） keeps the seller's carrier. */
export function shipName(name: string, t: Translate): string {
  if (Object.hasOwn(SHIP_NAME_MSGS, name)) return labelIn(SHIP_NAME_MSGS, name, t);
  const self = /^賣家自行配送（(.*)）$/.exec(name);
  if (!self) return name;
  const carrier = self[1] ?? "";
  return t(msg`賣家自行配送（${carrier}）`);
}

/** Today in Taipei, YYYY-MM-DD, and `days` before it. */
export const taipeiDay = (offsetDays = 0) =>
  new Date(Date.now() + 8 * 3_600_000 - offsetDays * 86_400_000).toISOString().slice(0, 10);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period in the address (?from=&to=), the last 30 days when it has none. */
function periodOf(params: URLSearchParams): Period {
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  return DAY.test(from) && DAY.test(to) ? { from, to } : { from: taipeiDay(29), to: taipeiDay() };
}

/**
 * What the seller centre's tab shows, read for the route's clientLoader: the shop's counts always,
 * and the orders, stock, figures or settings of the tab asked for.
 */
export async function readSellerTab(params: URLSearchParams) {
  requireToken();
  const asked = params.get("tab");
  const tab: SellerTab = asked === "inventory" || asked === "analytics" || asked === "shop" ? asked : "orders";
  const query: OrdersQuery = {
    status: SELLER_ORDER_TABS.find((code) => code === params.get("status")) ?? "",
    keyword: (params.get("keyword") ?? "").slice(0, 30),
    page: Math.max(1, Number(params.get("page")) || 1),
  };
  const period = periodOf(params);
  const { status, keyword, page } = query;
  const [home, orders, stock, analytics, settings] = await Promise.all([
    memberRead<SellerHome>("/api/seller/home"),
    tab === "orders"
      ? memberRead<Paged<SellerOrderSummary>>("/api/seller/list", {
          body: { page, ...(status ? { status } : {}), ...(keyword ? { keyword } : {}) },
        })
      : null,
    tab === "inventory"
      ? Promise.all([
          memberRead<SellerStockView[]>("/api/seller/inventory"),
          // The movements and the depot are secondary: the stock still shows without them.
          memberReadOr<SellerStockLogView[], SellerStockLogView[]>("/api/seller/inventory/log", {}, []),
          memberReadOr<DepotStockView[], DepotStockView[]>("/api/user/inventory/cloud", {}, []),
        ]).then(([stock, log, depot]): StockData => ({ stock, log, depot }))
      : null,
    // A period the server refuses (the wrong way round, too long) is said beside the period picker.
    tab === "analytics"
      ? api<SellerAnalytics>("/api/seller/analytics", { query: period }).then((r) =>
          r.status ? { report: r.data, error: null } : { report: null, error: r.message },
        )
      : null,
    tab === "shop" ? memberRead<ShopSettingsView>("/api/seller/shop") : null,
  ]);
  return { tab, home, query, orders, stock, period, analytics, settings };
}
