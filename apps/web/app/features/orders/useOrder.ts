import type { OrderView, TrackingView } from "@shop/contract/order";
import { useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api";
import { useHydrated } from "../../lib/hydrated";
import { storage } from "../../lib/storage";

/** How this browser may read an order: the member's token, or the phone a guest ordered with. */
export function lookupOf(orderNo: string): { order_no: string; phone?: string } {
  const phone = storage.token() ? null : storage.orderPhone(orderNo);
  return phone ? { order_no: orderNo, phone } : { order_no: orderNo };
}

type State<T> = { status: "loading" } | { status: "error"; message: string; code: number } | { status: "ok"; data: T };

/** One order's details, re-readable after an action (cancel, transfer report, repay). */
export function useOrder(orderNo: string | null) {
  const hydrated = useHydrated();
  const [state, setState] = useState<State<OrderView>>({ status: "loading" });
  const reload = useCallback(async () => {
    if (!orderNo) return setState({ status: "error", message: "缺少訂單編號", code: 400 });
    const r = await api<OrderView>("/api/order/detail", { body: lookupOf(orderNo) });
    setState(r.status ? { status: "ok", data: r.data } : { status: "error", message: r.message, code: r.httpStatus });
    return r.status ? r.data : undefined;
  }, [orderNo]);
  useEffect(() => {
    if (hydrated) void reload();
  }, [hydrated, reload]);
  return { state, reload };
}

export function useTracking(orderNo: string | null) {
  const hydrated = useHydrated();
  const [state, setState] = useState<State<TrackingView>>({ status: "loading" });
  useEffect(() => {
    if (!hydrated) return;
    if (!orderNo) return setState({ status: "error", message: "缺少訂單編號", code: 400 });
    const { phone } = lookupOf(orderNo);
    void api<TrackingView>("/api/order/hct_detail", { query: { order_no: orderNo, phone } }).then((r) =>
      setState(r.status ? { status: "ok", data: r.data } : { status: "error", message: r.message, code: r.httpStatus }),
    );
  }, [hydrated, orderNo]);
  return state;
}
