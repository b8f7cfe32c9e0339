import type { OrderView, TrackingView } from "@shop/contract/order";
import type { SellerOrderView } from "@shop/contract/seller";
import { useCallback, useEffect, useState } from "react";
import { type ApiResult, api } from "../../lib/api";
import { useHydrated } from "../../lib/hydrated";
import { storage } from "../../lib/storage";
import { orderAccess } from "./order-access";

/** How this browser may read an order: the member's token, or the phone a guest ordered with (and its proof, when it has one). */
export function lookupOf(orderNo: string): { order_no: string; phone?: string; access_token?: string } {
  const phone = storage.token() ? null : storage.orderPhone(orderNo);
  if (!phone) return { order_no: orderNo };
  const access = orderAccess.get(orderNo);
  return access ? { order_no: orderNo, phone, access_token: access } : { order_no: orderNo, phone };
}

type State<T> = { status: "loading" } | { status: "error"; message: string; code: number } | { status: "ok"; data: T };

/** Reads something about one order after hydration (the token lives in the browser), re-readable after an action. */
function useOrderRead<T>(orderNo: string | null, read: (orderNo: string) => Promise<ApiResult<T>>) {
  const hydrated = useHydrated();
  const [state, setState] = useState<State<T>>({ status: "loading" });
  const reload = useCallback(async () => {
    if (!orderNo) return setState({ status: "error", message: "缺少訂單編號", code: 400 });
    const r = await read(orderNo);
    setState(r.status ? { status: "ok", data: r.data } : { status: "error", message: r.message, code: r.httpStatus });
    return r.status ? r.data : undefined;
  }, [orderNo, read]);
  useEffect(() => {
    if (hydrated) void reload();
  }, [hydrated, reload]);
  return { state, reload };
}

const readOrder = (orderNo: string) => api<OrderView>("/api/order/detail", { body: lookupOf(orderNo) });
const readTracking = (orderNo: string) =>
  api<TrackingView>("/api/order/hct_detail", { query: { order_no: orderNo, phone: lookupOf(orderNo).phone } });
const readSellerOrder = (orderNo: string) => api<SellerOrderView>("/api/seller/detail", { body: { order_no: orderNo } });
const readSellerTracking = (orderNo: string) => api<TrackingView>("/api/seller/hct_detail", { query: { order_no: orderNo } });

/** One order's details for its buyer. */
export const useOrder = (orderNo: string | null) => useOrderRead(orderNo, readOrder);
export const useTracking = (orderNo: string | null) => useOrderRead(orderNo, readTracking).state;
/** The seller's view of one of their shop's orders. */
export const useSellerOrder = (orderNo: string | null) => useOrderRead(orderNo, readSellerOrder);
export const useSellerTracking = (orderNo: string | null) => useOrderRead(orderNo, readSellerTracking).state;
