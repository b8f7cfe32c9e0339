import { type DeviceWallet, isDeviceWallet } from "@shop/contract/payment-methods";

/**
 * The device wallet an express button (product page, cart) sent the shopper to checkout for:
 * `?pay=apple_pay` or `?pay=google_pay`, else null. Checkout preselects it when it offers it.
 */
export function preselectedPayment(search: URLSearchParams): DeviceWallet | null {
  const pay = search.get("pay");
  return pay && isDeviceWallet(pay) ? pay : null;
}
