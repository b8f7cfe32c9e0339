import { type AnalyticsQuery, type SellerAnalytics, trafficSourceLabel } from "@shop/contract/seller-shop";
import { csvDocument } from "../../lib/csv.js";
import type { CatalogueService } from "../../modules/catalogue/service.js";
import type { ShopSales } from "../../modules/orders/shop-sales.js";
import type { Shop } from "../../modules/shops/service.js";
import type { Traffic } from "../../modules/traffic/service.js";

/** The days from `from` to `to` inclusive, YYYY-MM-DD. */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/**
 * A shop's figures for a period (decision 47), one view for its seller and for staff: orders,
 * goods revenue and commission from the orders module, visits and product views from the traffic
 * counters, by day, by product and by source.
 */
export function createShopAnalytics(deps: {
  sales: ShopSales;
  traffic: Traffic;
  catalogue: Pick<CatalogueService, "productNames">;
}) {
  const { sales, traffic, catalogue } = deps;

  async function report(shop: Shop, q: AnalyticsQuery): Promise<SellerAnalytics> {
    // Counts waiting in this instance's memory are written first, so the seller sees the latest.
    await traffic.flush();
    const [days, sold, seen] = await Promise.all([
      sales.byDay(shop.id, q.from, q.to, shop.commissionBp),
      sales.byProduct(shop.id, q.from, q.to),
      traffic.report(shop.id, q.from, q.to),
    ]);
    const salesByDay = new Map(days.map((d) => [d.day, d]));
    const series = daysOf(q.from, q.to).map((day) => {
      const d = salesByDay.get(day);
      return {
        day,
        orders: d?.orders ?? 0,
        revenue: d?.revenue ?? 0,
        commission: d?.commission ?? 0,
        visits: seen.visitsByDay.get(day) ?? 0,
      };
    });
    const soldIds = new Set(sold.map((p) => p.productId));
    const viewedOnly = [...seen.viewsByProduct.keys()].filter((id) => !soldIds.has(id));
    const names = await catalogue.productNames(viewedOnly);
    const products = [
      ...sold.map((p) => ({
        product_id: p.productId,
        name: p.name,
        orders: p.orders,
        units: p.units,
        revenue: p.revenue,
        views: seen.viewsByProduct.get(p.productId) ?? 0,
      })),
      ...viewedOnly
        .filter((id) => names.has(id))
        .map((id) => ({
          product_id: id,
          name: names.get(id) ?? "",
          orders: 0,
          units: 0,
          revenue: 0,
          views: seen.viewsByProduct.get(id) ?? 0,
        })),
    ].sort((a, b) => b.revenue - a.revenue || b.views - a.views || a.product_id - b.product_id);
    const sources = [...seen.visitsBySource]
      .map(([source, visits]) => ({ source, label: trafficSourceLabel(source) ?? "其他網站", visits }))
      .sort((a, b) => b.visits - a.visits);
    const total = (k: "orders" | "revenue" | "commission" | "visits") => series.reduce((s, d) => s + d[k], 0);
    return {
      shop: { id: shop.id, name: shop.name, commission_percent: shop.commissionBp / 100 },
      from: q.from,
      to: q.to,
      totals: {
        orders: total("orders"),
        revenue: total("revenue"),
        commission: total("commission"),
        visits: total("visits"),
        product_views: products.reduce((s, p) => s + p.views, 0),
      },
      days: series,
      products,
      sources,
    };
  }

  /** The report as CSV for Excel (UTF-8 with BOM): the daily rows, then the product rows. */
  function csv(r: SellerAnalytics): string {
    return csvDocument(
      ["日期", "訂單數", "商品銷售額", "預估分潤", "造訪次數"],
      [
        ...r.days.map((d) => [d.day.replaceAll("-", "/"), d.orders, d.revenue, d.commission, d.visits]),
        [],
        ["商品編號", "商品名稱", "訂單數", "售出件數", "商品銷售額", "瀏覽次數"],
        ...r.products.map((p) => [p.product_id, p.name, p.orders, p.units, p.revenue, p.views]),
        [],
        ["來源", "造訪次數"],
        ...r.sources.map((s) => [s.label, s.visits]),
      ],
    );
  }

  return { report, csv };
}
export type ShopAnalytics = ReturnType<typeof createShopAnalytics>;
