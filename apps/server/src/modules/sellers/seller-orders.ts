import type { Paged, SellerHome, SellerListInput, SellerOrderSummary, SellerOrderView, ShipMethodCode } from "@shop/contract";
import { SELLER_PAGE_SIZE } from "@shop/contract";
import { conflict, forbidden, notFound, unprocessable } from "../../lib/errors.js";
import type { CatalogueService } from "../catalogue/service.js";
import type { DepotService } from "../depot/service.js";
import type { InventoryService } from "../inventory/service.js";
import type { LogisticsService } from "../logistics/service.js";
import { type LoyaltyService, taipeiMonth } from "../loyalty/service.js";
import type { Payments } from "../orders/payments.js";
import type { OrderQueries } from "../orders/queries.js";
import { appraisalEnds, type Order, type OrderLifecycle } from "../orders/service.js";
import { type OrderViews, shipName } from "../orders/views.js";
import { commissionOnGoods, type Shop, type ShopsService } from "../shops/service.js";
import type { SelfDelivery } from "./self-delivery.js";

/** What the seller area uses, as createSellersService takes it. */
export interface SellersDeps {
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
}

/** The dependencies with the clock filled in, as the seller functions take them. */
export type SellersContext = SellersDeps & { now: () => Date };

const actor = (memberId: number) => `seller:${memberId}`;

/**
 * Who receives an order's offline money (decision 30): a transfer into the shop's own account, or
 * cash the seller collected delivering it themselves, is the seller's to confirm; the rest the company's.
 */
const paidToSeller = (o: Order, transferPayee: "company" | "shop" | undefined) =>
  o.paymentMethod === "cod" ? o.shipMethod === "self" : o.paymentMethod === "transfer" && transferPayee === "shop";

/** When the seller's own delivery may complete: delivered and its appraisal period (鑑賞期) over, as the main mall's. */
async function finishAfter(deps: SellersContext, o: Order): Promise<Date | null> {
  if (o.shipMethod !== "self" || !(o.status === "delivered" || o.status === "shipped")) return null;
  if (!o.deliveredAt) return null;
  return appraisalEnds(o.deliveredAt, await deps.shops.numberSetting("order_complete_days"));
}

/** What a seller may do with an order as it stands; the server checks again on each call. */
function sellerActions(
  o: Order,
  shopMethods: ShipMethodCode[],
  transferPayee?: "company" | "shop",
  finishFrom: Date | null = null,
  now = new Date(),
): SellerOrderView["actions"] {
  const homeDelivery = o.shipMethod === "hct" || o.shipMethod === "self";
  const beforeShipping = o.status === "pending_payment" || o.status === "paid" || o.status === "processing";
  const selfShipped = o.status === "shipped" && o.shipMethod === "self";
  // The seller finishes only their own deliveries, after the appraisal period like every order
  // (a return may still come until then); the carrier's complete by themselves.
  const ownDelivered = o.status === "delivered" && o.shipMethod === "self";
  return {
    confirm_payment: o.status === "pending_payment" && paidToSeller(o, transferPayee),
    ship_methods:
      homeDelivery && beforeShipping
        ? (["hct", "self"] as const).filter((m) => m !== o.shipMethod && shopMethods.includes(m))
        : [],
    self_ship: homeDelivery && (o.status === "paid" || o.status === "processing"),
    statuses: o.status === "paid" ? ["processing"] : selfShipped ? ["delivered"] : [],
    finish: ownDelivered && finishFrom !== null && finishFrom <= now,
    finish_after: ownDelivered && finishFrom ? finishFrom.toISOString() : null,
  };
}

export async function shopOf(deps: SellersContext, memberId: number): Promise<Shop> {
  const shop = await deps.shops.ownedBy(memberId);
  if (!shop) throw forbidden("NOT_SHOP_OWNER", "您尚未開設商城，無法使用賣家功能");
  return shop;
}

/** The order within the caller's shop: another shop's order is a 404 like one that does not exist. */
async function orderOf(deps: SellersContext, memberId: number, orderNo: string): Promise<{ shop: Shop; order: Order }> {
  const shop = await shopOf(deps, memberId);
  const order = await deps.orders.byNo(orderNo);
  if (!order || order.shopId !== shop.id) throw notFound("ORDER_NOT_FOUND", "查無此訂單");
  return { shop, order };
}

export async function sellerHome(deps: SellersContext, memberId: number): Promise<SellerHome> {
  const shop = await shopOf(deps, memberId);
  const month = taipeiMonth(deps.now());
  const [counts, earned, open] = await Promise.all([
    deps.orders.countsForShop(shop.id),
    deps.loyalty.commissionEarned(memberId, month),
    deps.orders.openGoodsForShop(shop.id),
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
}

export async function sellerOrders(
  deps: SellersContext,
  memberId: number,
  input: SellerListInput & { page: number },
): Promise<Paged<SellerOrderSummary>> {
  const shop = await shopOf(deps, memberId);
  const { rows, total } = await deps.orders.listForShop(
    shop.id,
    { status: input.status, keyword: input.keyword },
    input.page,
    SELLER_PAGE_SIZE,
  );
  const summaries = await deps.orderViews.summaries(rows);
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
}

export async function sellerOrderDetail(deps: SellersContext, memberId: number, orderNo: string): Promise<SellerOrderView> {
  const { shop, order } = await orderOf(deps, memberId, orderNo);
  const [view, pays, methods, commission, finishFrom] = await Promise.all([
    deps.orderViews.detail(order),
    deps.payments.paymentsOf(order.id),
    deps.logistics.shipMethods(shop.id),
    deps.shops.commissionOf(shop.id, order.goodsAmount),
    finishAfter(deps, order),
  ]);
  return {
    ...view,
    // The buyer's own actions are not the seller's.
    can_cancel: false,
    can_repay: false,
    pay_options: [],
    can_report_transfer: false,
    carrier: order.carrier,
    transfer_report: pays.find((p) => p.method === "transfer")?.report ?? null,
    commission: commission?.amount ?? 0,
    commission_percent: shop.commissionBp / 100,
    actions: sellerActions(
      order,
      methods.map((m) => m.code as ShipMethodCode),
      pays.find((p) => p.method === "transfer")?.payee,
      finishFrom,
      deps.now(),
    ),
  };
}

export async function confirmPayment(deps: SellersContext, memberId: number, orderNo: string) {
  await orderOf(deps, memberId, orderNo);
  await deps.payments.confirmOffline(orderNo, actor(memberId), "seller");
}

export async function changeShipMethod(deps: SellersContext, memberId: number, orderNo: string, to: "hct" | "self") {
  const { shop } = await orderOf(deps, memberId, orderNo);
  if (!(await deps.logistics.shipMethods(shop.id)).some((m) => m.code === to))
    throw unprocessable("SHIP_METHOD_NOT_OFFERED", "此商城未提供這個配送方式");
  await deps.selfDelivery.changeShipMethod(orderNo, to, actor(memberId));
}

export async function shipSelf(deps: SellersContext, memberId: number, orderNo: string, carrier: string, trackingNo: string) {
  await orderOf(deps, memberId, orderNo);
  await deps.selfDelivery.ship(orderNo, carrier, trackingNo, actor(memberId));
}

export async function setShipStatus(deps: SellersContext, memberId: number, orderNo: string, status: "processing" | "delivered") {
  const { order } = await orderOf(deps, memberId, orderNo);
  const allowed = sellerActions(order, []).statuses;
  const refusal = status === "delivered" ? "只有賣家自行配送且已出貨的訂單可以設為已送達" : "只有已付款的訂單可以設為備貨中";
  if (!allowed.includes(status))
    throw conflict(status === "delivered" ? "CANNOT_MARK_DELIVERED" : "CANNOT_MARK_PROCESSING", refusal);
  // Checked again under the order's lock: the state may have moved since it was read.
  await deps.orders.advance(orderNo, status, actor(memberId), { from: status === "delivered" ? ["shipped"] : ["paid"] });
}

export async function finishOrder(deps: SellersContext, memberId: number, orderNo: string) {
  const { order } = await orderOf(deps, memberId, orderNo);
  if (order.shipMethod !== "self" || !(order.status === "delivered" || order.status === "shipped"))
    throw conflict("ORDER_NOT_FINISHABLE", "只有賣家自行配送的訂單可由賣家完成；物流配送的訂單於送達後鑑賞期滿自動完成");
  if (order.status === "shipped") throw conflict("ORDER_NOT_DELIVERED", "請先設為已送達；送達後鑑賞期滿才能完成訂單");
  // The period, and that no return is open, are checked again under the order's lock.
  await deps.orders.advance(orderNo, "completed", actor(memberId), { from: ["delivered"], afterAppraisal: true });
}

export async function orderTracking(deps: SellersContext, memberId: number, orderNo: string) {
  const { order } = await orderOf(deps, memberId, orderNo);
  return deps.orderViews.tracking(order);
}
