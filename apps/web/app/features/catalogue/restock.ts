import { api } from "../../lib/api";

/**
 * 到貨通知 for a sold-out variant (decision 53): a member's at once (no contact: their account's),
 * a visitor's with an e-mail or a mobile number (a number proven with the texted code, decision 77).
 */
export function requestRestock(
  variantId: number,
  shopId: number,
  contact: { email?: string; phone?: string; code?: string } = {},
) {
  return api<{ needs_code: boolean }>("/api/product/restock_notify", {
    body: { variant_id: variantId, shop_id: shopId, ...contact },
  });
}
