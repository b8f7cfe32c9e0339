import type { SellerListInput } from "@shop/contract";
import {
  changeShipMethod,
  confirmPayment,
  finishOrder,
  orderTracking,
  type SellersContext,
  type SellersDeps,
  sellerHome,
  sellerOrderDetail,
  sellerOrders,
  setShipStatus,
  shipSelf,
  shopOf,
} from "./seller-orders.js";
import { moveFromDepot, sellerStock, sellerStockLog } from "./seller-stock.js";

/**
 * The seller area: a member who owns a sub-mall sees and works on that shop's orders and its own
 * stock. Every order call resolves the order within the caller's shop, so another shop's order is
 * a 404 exactly like one that does not exist. Each method is a function of seller-orders.ts or
 * seller-stock.ts taking `deps`.
 */
export function createSellersService(deps: SellersDeps) {
  const ctx: SellersContext = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    shopOf: (memberId: number) => shopOf(ctx, memberId),
    home: (memberId: number) => sellerHome(ctx, memberId),
    list: (memberId: number, input: SellerListInput & { page: number }) => sellerOrders(ctx, memberId, input),
    detail: (memberId: number, orderNo: string) => sellerOrderDetail(ctx, memberId, orderNo),
    confirmPayment: (memberId: number, orderNo: string) => confirmPayment(ctx, memberId, orderNo),
    changeShipMethod: (memberId: number, orderNo: string, to: "hct" | "self") => changeShipMethod(ctx, memberId, orderNo, to),
    shipSelf: (memberId: number, orderNo: string, carrier: string, trackingNo: string) =>
      shipSelf(ctx, memberId, orderNo, carrier, trackingNo),
    setShipStatus: (memberId: number, orderNo: string, status: "processing" | "delivered") =>
      setShipStatus(ctx, memberId, orderNo, status),
    finish: (memberId: number, orderNo: string) => finishOrder(ctx, memberId, orderNo),
    tracking: (memberId: number, orderNo: string) => orderTracking(ctx, memberId, orderNo),
    stock: (memberId: number) => sellerStock(ctx, memberId),
    stockLog: (memberId: number) => sellerStockLog(ctx, memberId),
    fromDepot: (memberId: number, items: Array<{ variant_id: number; qty: number }>) => moveFromDepot(ctx, memberId, items),
  };
}

export type SellersService = ReturnType<typeof createSellersService>;
