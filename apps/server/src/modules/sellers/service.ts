import type {
  Paged,
  SellerHome,
  SellerListInput,
  SellerOrderSummary,
  SellerOrderView,
  SellerStockLogView,
  SellerStockView,
  ShipMethodCode,
} from "@shop/contract";
import { SELLER_PAGE_SIZE, SELLER_STOCK_REASON_LABELS } from "@shop/contract";
import { conflict, forbidden, notFound, unprocessable } from "../../lib/errors.js";
import type { CatalogueService } from "../catalogue/service.js";
import type { DepotService } from "../depot/service.js";
import type { InventoryService } from "../inventory/service.js";
import type { LogisticsService } from "../logistics/service.js";
import { type LoyaltyService, taipeiMonth } from "../loyalty/service.js";
import type { Payments } from "../orders/payments.js";
import type { OrderQueries } from "../orders/queries.js";
import type { Order, OrderLifecycle } from "../orders/service.js";
import { type OrderViews, shipName } from "../orders/views.js";
import { commissionOnGoods, type Shop, type ShopsService } from "../shops/service.js";
import type { SelfDelivery } from "./self-delivery.js";

/**
 * Who receives an order's offline money (decision 30): a transfer into the shop's own account, or
 * cash the seller collected delivering it themselves, is the seller's to confirm; the rest the company's.
 */
const paidToSeller = (o: Order, transferPayee: "company" | "shop" | undefined) =>
  o.paymentMethod === "cod" ? o.shipMethod === "self" : o.paymentMethod === "transfer" && transferPayee === "shop";

/** What a seller may do with an order as it stands; the server checks again on each call. */
function sellerActions(o: Order, shopMethods: ShipMethodCode[], transferPayee?: "company" | "shop"): SellerOrderView["actions"] {
  const homeDelivery = o.shipMethod === "hct" || o.shipMethod === "self";
  const beforeShipping = o.status === "pending_payment" || o.status === "paid" || o.status === "processing";
  const selfShipped = o.status === "shipped" && o.shipMethod === "self";
  // The seller finishes only their own deliveries; the carrier's complete after the appraisal period.
  const ownDelivered = o.status === "delivered" && o.shipMethod === "self";
  return {
    confirm_payment: o.status === "pending_payment" && paidToSeller(o, transferPayee),
    ship_methods:
      homeDelivery && beforeShipping
        ? (["hct", "self"] as const).filter((m) => m !== o.shipMethod && shopMethods.includes(m))
        : [],
    self_ship: homeDelivery && (o.status === "paid" || o.status === "processing"),
    statuses: o.status === "paid" ? ["processing"] : selfShipped ? ["delivered"] : [],
    finish: ownDelivered || selfShipped,
  };
}

/**
 * The seller area: a member who owns a sub-mall sees and works on that shop's orders and its own
 * stock. Every order call resolves the order within the caller's shop, so another shop's order is
 * a 404 exactly like one that does not exist.
 */
export function createSellersService(deps: {
  shops: ShopsService;
  orders: OrderQueries & Pick<OrderLifecycle, "advance">;
  payments: Payments;
  selfDelivery: SelfDelivery;
  orderViews: OrderViews;
  inventory: InventoryService;
  catalogue: CatalogueService;
  logistics: LogisticsService;
  depot: DepotService;
  loyalty: Pick<LoyaltyService, "commissionEarned">;
  now?: () => Date;
}) {
  const { shops, orders, payments, selfDelivery, orderViews, inventory, catalogue, logistics, depot } = deps;
  const now = deps.now ?? (() => new Date());
  const actor = (memberId: number) => `seller:${memberId}`;

  async function shopOf(memberId: number): Promise<Shop> {
    const shop = await shops.ownedBy(memberId);
    if (!shop) throw forbidden("NOT_SHOP_OWNER", "您尚未開設商城，無法使用賣家功能");
    return shop;
  }

  async function orderOf(memberId: number, orderNo: string): Promise<{ shop: Shop; order: Order }> {
    const shop = await shopOf(memberId);
    const order = await orders.byNo(orderNo);
    if (!order || order.shopId !== shop.id) throw notFound("ORDER_NOT_FOUND", "查無此訂單");
    return { shop, order };
  }

  async function names(variantIds: number[]) {
    return new Map((await catalogue.variantsForCart([...new Set(variantIds)], 1)).map((v) => [v.id, v]));
  }

  return {
    shopOf,

    async home(memberId: number): Promise<SellerHome> {
      const shop = await shopOf(memberId);
      const month = taipeiMonth(now());
      const [counts, earned, open] = await Promise.all([
        orders.countsForShop(shop.id),
        deps.loyalty.commissionEarned(memberId, month),
        orders.openGoodsForShop(shop.id),
      ]);
      return {
        shop: { id: shop.id, name: shop.name, commission_percent: shop.commissionBp / 100 },
        counts,
        earnings: {
          month,
          month_earned: earned.month,
          total_earned: earned.total,
          // Credited when each order completes (after the appraisal period); refunds may lower it.
          pending: open.reduce((sum, goods) => sum + commissionOnGoods(shop, goods), 0),
          pending_orders: open.length,
        },
      };
    },

    async list(memberId: number, input: SellerListInput & { page: number }): Promise<Paged<SellerOrderSummary>> {
      const shop = await shopOf(memberId);
      const { rows, total } = await orders.listForShop(
        shop.id,
        { status: input.status, keyword: input.keyword },
        input.page,
        SELLER_PAGE_SIZE,
      );
      const summaries = await orderViews.summaries(rows);
      return {
        list: summaries.map((s, i) => ({
          ...s,
          receiver_name: rows[i]?.receiverName ?? "",
          ship_method_name: rows[i] ? shipName(rows[i]) : "",
        })),
        total,
        page: input.page,
        per_page: SELLER_PAGE_SIZE,
      };
    },

    async detail(memberId: number, orderNo: string): Promise<SellerOrderView> {
      const { shop, order } = await orderOf(memberId, orderNo);
      const [view, pays, methods, commission] = await Promise.all([
        orderViews.detail(order),
        payments.paymentsOf(order.id),
        logistics.shipMethods(shop.id),
        shops.commissionOf(shop.id, order.goodsAmount),
      ]);
      return {
        ...view,
        // The buyer's own actions are not the seller's.
        can_cancel: false,
        can_repay: false,
        can_report_transfer: false,
        carrier: order.carrier,
        transfer_report: pays.find((p) => p.method === "transfer")?.report ?? null,
        commission: commission?.amount ?? 0,
        commission_percent: shop.commissionBp / 100,
        actions: sellerActions(
          order,
          methods.map((m) => m.code as ShipMethodCode),
          pays.find((p) => p.method === "transfer")?.payee,
        ),
      };
    },

    async confirmPayment(memberId: number, orderNo: string) {
      await orderOf(memberId, orderNo);
      await payments.confirmOffline(orderNo, actor(memberId), "seller");
    },

    async changeShipMethod(memberId: number, orderNo: string, to: "hct" | "self") {
      const { shop } = await orderOf(memberId, orderNo);
      if (!(await logistics.shipMethods(shop.id)).some((m) => m.code === to))
        throw unprocessable("SHIP_METHOD_NOT_OFFERED", "此商城未提供這個配送方式");
      await selfDelivery.changeShipMethod(orderNo, to, actor(memberId));
    },

    async shipSelf(memberId: number, orderNo: string, carrier: string, trackingNo: string) {
      await orderOf(memberId, orderNo);
      await selfDelivery.ship(orderNo, carrier, trackingNo, actor(memberId));
    },

    async setShipStatus(memberId: number, orderNo: string, status: "processing" | "delivered") {
      const { order } = await orderOf(memberId, orderNo);
      const allowed = sellerActions(order, []).statuses;
      const refusal = status === "delivered" ? "只有賣家自行配送且已出貨的訂單可以設為已送達" : "只有已付款的訂單可以設為備貨中";
      if (!allowed.includes(status))
        throw conflict(status === "delivered" ? "CANNOT_MARK_DELIVERED" : "CANNOT_MARK_PROCESSING", refusal);
      // Checked again under the order's lock: the state may have moved since it was read.
      await orders.advance(orderNo, status, actor(memberId), { from: status === "delivered" ? ["shipped"] : ["paid"] });
    },

    async finish(memberId: number, orderNo: string) {
      const { order } = await orderOf(memberId, orderNo);
      if (!sellerActions(order, []).finish)
        throw conflict("ORDER_NOT_FINISHABLE", "只有賣家自行配送的訂單可由賣家完成；物流配送的訂單於送達後鑑賞期滿自動完成");
      await orders.advance(orderNo, "completed", actor(memberId), {
        from: order.status === "delivered" ? ["delivered"] : ["shipped"],
      });
    },

    async tracking(memberId: number, orderNo: string) {
      const { order } = await orderOf(memberId, orderNo);
      return orderViews.tracking(order);
    },

    async stock(memberId: number): Promise<SellerStockView[]> {
      const shop = await shopOf(memberId);
      const held = await inventory.shopStock(shop.id);
      const info = await names(held.map((h) => h.variantId));
      return held.map((h) => {
        const v = info.get(h.variantId);
        return {
          variant_id: h.variantId,
          product_id: v?.productId ?? 0,
          name: v?.name ?? "",
          variant_name: v?.variantName ?? "",
          image: v?.image ?? "",
          qty: h.qty,
        };
      });
    },

    async stockLog(memberId: number): Promise<SellerStockLogView[]> {
      const shop = await shopOf(memberId);
      const rows = await inventory.shopStockLog(shop.id);
      const info = await names(rows.map((r) => r.variantId));
      return rows.map((r) => {
        const v = info.get(r.variantId);
        const orderNo = /^order:(\d{14})/.exec(r.ref)?.[1];
        return {
          id: r.id,
          variant_id: r.variantId,
          name: v ? `${v.name}（${v.variantName}）` : "",
          delta: r.delta,
          reason: r.reason,
          reason_label: SELLER_STOCK_REASON_LABELS[r.reason],
          note: r.note || (orderNo ? `訂單 ${orderNo}` : ""),
          created_at: r.createdAt.toISOString(),
        };
      });
    },

    async fromDepot(memberId: number, items: Array<{ variant_id: number; qty: number }>) {
      const shop = await shopOf(memberId);
      await depot.moveToShop(memberId, shop.id, items);
    },
  };
}

export type SellersService = ReturnType<typeof createSellersService>;
