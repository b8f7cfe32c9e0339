type Queue = { push(entry: unknown): unknown };

/**
 * Queues an analytics event for the shop's GA4 / Meta Pixel loader (`/analytics/shop-N.js`, loaded
 * only when the shop has ids): it sends what is queued once it runs, and each event after.
 */
export function track(event: "view_item" | "add_to_cart" | "begin_checkout" | "purchase", params: object) {
  const w = window as unknown as { shopQ?: Queue };
  w.shopQ ??= [] as unknown[];
  w.shopQ.push([event, { currency: "TWD", ...params }]);
}
