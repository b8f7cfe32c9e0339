import type { CartView } from "@shop/contract/cart";
import { useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api";
import { useAlerts } from "../../ui/alerts";

/** The cart as the server sees it, with the calls that change it (each answers the new cart). */
export function useCart() {
  const alerts = useAlerts();
  const [cart, setCart] = useState<CartView | null>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (path: string, body: unknown) => {
      setBusy(true);
      const r = await api<CartView>(path, { body });
      setBusy(false);
      if (r.status) setCart(r.data);
      else await alerts.error(r.message);
    },
    [alerts],
  );

  useEffect(() => {
    void run("/api/cart/search", {});
  }, [run]);

  return {
    cart,
    busy,
    setQty: (lineId: number, qty: number) => run("/api/cart/update", { line_id: lineId, qty }),
    setSelected: (lineId: number, selected: boolean) => run("/api/cart/update", { line_id: lineId, selected }),
    remove: (lineId: number) => run("/api/cart/delete", { line_ids: [lineId] }),
  };
}
