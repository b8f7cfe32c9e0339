import { msg } from "@lingui/core/macro";
import type { OrderView, TrackingView } from "@shop/contract/order";
import type { SellerOrderView } from "@shop/contract/seller";
import { translate } from "../../i18n/runtime";
import { type ApiResult, api } from "../../lib/api";
import { storage } from "../../lib/storage";
import { requireToken } from "../member/member-read";
import { orderAccess } from "./order-access";

/** How this browser may read an order: the member's token, or the phone a guest ordered with (and its proof, when it has one). */
export function lookupOf(orderNo: string): { order_no: string; phone?: string; access_token?: string } {
  const phone = storage.token() ? null : storage.orderPhone(orderNo);
  if (!phone) return { order_no: orderNo };
  const access = orderAccess.get(orderNo);
  return access ? { order_no: orderNo, phone, access_token: access } : { order_no: orderNo, phone };
}

/** Something about one order, or why it cannot be shown (the page says so with a way on). */
export type OrderRead<T> = { ok: true; data: T } | { ok: false; message: string; code: number };

/** The order named by the address's ?order_no=, read for a route's clientLoader. */
async function readNamed<T>(url: URL, read: (orderNo: string) => Promise<ApiResult<T>>): Promise<OrderRead<T>> {
  const orderNo = url.searchParams.get("order_no");
  if (!orderNo) return { ok: false, message: translate(url.pathname, msg`缺少訂單編號`), code: 400 };
  const r = await read(orderNo);
  return r.status ? { ok: true, data: r.data } : { ok: false, message: r.message, code: r.httpStatus };
}

/** The page is the member area's copy (/member/order_detail, /member/delivery_progress) of a guest page. */
export const inMemberArea = (url: URL) => /^(\/shop_\d+)?\/member\//.test(url.pathname);

/**
 * In the member area a signed-out visitor's read stops before asking the API, so the member
 * guard's redirect to /login wins (decision 56); a guest's page reads with the phone they ordered with.
 */
function guardMemberArea(url: URL) {
  if (inMemberArea(url)) requireToken();
}

/** One order for its buyer. */
export function readOrder(url: URL) {
  guardMemberArea(url);
  return readNamed(url, (orderNo) => api<OrderView>("/api/order/detail", { body: lookupOf(orderNo) }));
}

/** A buyer's shipment tracking. */
export function readTracking(url: URL) {
  guardMemberArea(url);
  return readNamed(url, (orderNo) =>
    api<TrackingView>("/api/order/hct_detail", { query: { order_no: orderNo, phone: lookupOf(orderNo).phone } }),
  );
}

/** The seller's view of one of their shop's orders. */
export function readSellerOrder(url: URL) {
  requireToken();
  return readNamed(url, (orderNo) => api<SellerOrderView>("/api/seller/detail", { body: { order_no: orderNo } }));
}

/** The tracking of one of the seller's shop's orders. */
export function readSellerTracking(url: URL) {
  requireToken();
  return readNamed(url, (orderNo) => api<TrackingView>("/api/seller/hct_detail", { query: { order_no: orderNo } }));
}
