import { MAIN_SHOP_ID } from "@shop/contract";
import type { LogisticsService } from "../logistics/service.js";
import type { LoyaltyService } from "../loyalty/service.js";
import type { PromotionsService, ScheduledRule } from "../promotions/service.js";
import type { ShopsService } from "../shops/service.js";

/** How long a shop's reference reads are kept when nothing says they changed. */
const KEEP_MS = 10_000;

export interface QuoteReferenceDeps {
  shops: ShopsService;
  logistics: LogisticsService;
  promotions: PromotionsService;
  loyalty: LoyaltyService;
}

/**
 * What every buyer's quote reads the same, per shop: whether it is open, its ship methods, its and
 * the main mall's promotion schedules, its payment switches and payee, the points cap. Before, each
 * quote read these again (six to eight statements).
 *
 * Kept at most 10 s, and dropped at once by `forget`, which the cache switch calls on every write
 * the storefront shows (staff's settings, ship methods, promotions, shops, approved seller changes;
 * on every instance through Redis). Promotions are kept with their windows and the running ones
 * picked at each use, so a sale starts and ends on time whatever is kept.
 */
export function createQuoteReference({ shops, logistics, promotions, loyalty }: QuoteReferenceDeps) {
  const kept = new Map<number, { until: number; value: ReturnType<typeof load> }>();

  async function load(shopId: number) {
    const [open, shipMethods, own, main, payment, cap] = await Promise.all([
      shops.isOpen(shopId),
      logistics.shipMethods(shopId),
      promotions.schedule(shopId),
      shopId === MAIN_SHOP_ID ? undefined : promotions.schedule(MAIN_SHOP_ID),
      shops.paymentSetup(shopId),
      loyalty.pointsCapPerOrder(),
    ]);
    const mainSchedule: ScheduledRule[] = main ?? own;
    return { open, shipMethods, own, main: mainSchedule, payment, cap };
  }

  return {
    async of(shopId: number) {
      const hit = kept.get(shopId);
      if (hit && hit.until > Date.now()) return hit.value;
      const value = load(shopId);
      const entry = { until: Date.now() + KEEP_MS, value };
      kept.set(shopId, entry);
      // A failed read is not kept. (A forget during the read drops it too: the map is cleared.)
      value.catch(() => {
        if (kept.get(shopId) === entry) kept.delete(shopId);
      });
      return value;
    },
    forget() {
      kept.clear();
    },
  };
}

export type QuoteReference = ReturnType<typeof createQuoteReference>;
