import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useShop } from "../../lib/shop";
import { useAlerts } from "../../ui/alerts";
import { useActionResult } from "../member/member-read";
import type { CartChange, CartChangeAnswer, CartData } from "./cart-data";

/**
 * Changes to the cart's lines, each sent to the cart page's clientAction (/select_cart) by a
 * fetcher; afterwards only the cart's readers (the cart page, the side panel) read it again.
 * `busy` lasts until the cart on screen is the new one; a refusal is shown as a dialog.
 */
export function useCartChanges() {
  const shop = useShop();
  const alerts = useAlerts();
  const fetcher = useFetcher<CartChangeAnswer>();
  useActionResult(fetcher.data, (r) => {
    if (!r.ok) void alerts.error(r.message);
  });
  const send = (change: CartChange) =>
    fetcher.submit(change, {
      method: "post",
      encType: "application/json",
      action: shop.path("/select_cart"),
      defaultShouldRevalidate: false,
    });
  return {
    busy: fetcher.state !== "idle",
    setQty: (lineId: number, qty: number) => send({ intent: "qty", line_id: lineId, qty }),
    setSelected: (lineId: number, selected: boolean) => send({ intent: "select", line_id: lineId, selected }),
    remove: (lineId: number) => send({ intent: "remove", line_id: lineId }),
  };
}

/**
 * The cart for the side panel, which is no route of its own: the cart page's clientLoader through a
 * fetcher, loaded as the panel opens (it is mounted afresh on each opening) and read again by React
 * Router after each change. A refusal is shown as a dialog, as before.
 */
export function usePanelCart(): CartData | undefined {
  const shop = useShop();
  const alerts = useAlerts();
  const reader = useFetcher<CartData>();
  const { load } = reader;
  const path = shop.path("/select_cart");
  useEffect(() => {
    void load(path);
  }, [load, path]);
  useActionResult(reader.data, (d) => {
    if (d.error) void alerts.error(d.error);
  });
  return reader.data;
}
