import type { Paged } from "@shop/contract/envelope";
import type { DepotStockView } from "@shop/contract/loyalty";
import { ORDER_STATUS_CODES, type OrderStatus } from "@shop/contract/order";
import type { SellerHome, SellerOrderSummary, SellerStockLogView, SellerStockView } from "@shop/contract/seller";
import type { SellerAnalytics, ShopSettingsView } from "@shop/contract/seller-shop";
import { api } from "../../lib/api";
import { memberRead, memberReadOr, requireToken } from "../member/member-read";
import type { SellerTab } from "./SellerNav";

/** The states a seller works through, in order, after 全部 (a refund shows under 全部 only). */
export const SELLER_ORDER_TABS: Array<OrderStatus | ""> = ["", ...ORDER_STATUS_CODES.filter((s) => s !== "refunded")];

export type OrdersQuery = { status: OrderStatus | ""; keyword: string; page: number };
export type StockData = { stock: SellerStockView[]; log: SellerStockLogView[]; depot: DepotStockView[] };
export type Period = { from: string; to: string };

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
