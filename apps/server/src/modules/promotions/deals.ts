import { MAIN_SHOP_ID } from "@shop/contract";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { addonDeals, giftRules } from "../../db/schema/index.js";
import { KEEP_MS } from "../../lib/kept.js";
import type { AddOnDeal, GiftRule } from "../pricing/extras.js";

/** A running 加價購 deal as the quote takes it (the catalogue adds the variant's name and stock). */
export type RunningAddOn = Omit<AddOnDeal, "productId" | "name" | "stock">;
/** A running 滿額贈 rule as the quote takes it (the catalogue adds each option's name and stock). */
export type RunningGift = Omit<GiftRule, "options"> & { variantIds: number[] };

interface Windowed<T> {
  startsAt: Date;
  endsAt: Date;
  value: T;
}
interface DealSchedule {
  addOns: Array<Windowed<RunningAddOn>>;
  gifts: Array<Windowed<RunningGift>>;
}

/**
 * 加價購 and 滿額贈 running in a shop (decision 93). Like the promotions (service.ts runningRules), a
 * sub-mall runs its own when it has any running, else the main mall's — each kind on its own, so a
 * sub-mall with only its own gift rule still offers the main mall's add-on deals.
 *
 * A shop's switched-on deals that have not ended are kept with their windows for at most 10 s
 * (dropped at once by `forget`, which the cache switch calls on every back-office write), and
 * the running ones picked at each use, so a deal starts and ends on the second.
 */
export function createDeals(db: Db, now: () => Date = () => new Date()) {
  const kept = new Map<number, { until: number; value: Promise<DealSchedule> }>();

  async function load(shopId: number): Promise<DealSchedule> {
    const at = now();
    const [a, g] = await Promise.all([
      db
        .select()
        .from(addonDeals)
        .where(and(eq(addonDeals.shopId, shopId), eq(addonDeals.active, true), gt(addonDeals.endsAt, at)))
        .orderBy(asc(addonDeals.id)),
      db
        .select()
        .from(giftRules)
        .where(and(eq(giftRules.shopId, shopId), eq(giftRules.active, true), gt(giftRules.endsAt, at)))
        .orderBy(asc(giftRules.id)),
    ]);
    return {
      addOns: a.map((d) => ({
        startsAt: d.startsAt,
        endsAt: d.endsAt,
        value: {
          id: d.id,
          title: d.title,
          variantId: d.variantId,
          price: d.price,
          perOrderCap: d.perOrderCap,
          triggerProductIds: d.triggerProductIds,
          triggerAmount: d.triggerAmount,
        },
      })),
      gifts: g.map((r) => ({
        startsAt: r.startsAt,
        endsAt: r.endsAt,
        value: { id: r.id, title: r.title, threshold: r.threshold, qty: r.qty, variantIds: r.variantIds },
      })),
    };
  }

  function schedule(shopId: number) {
    const hit = kept.get(shopId);
    if (hit && hit.until > Date.now()) return hit.value;
    const entry = { until: Date.now() + KEEP_MS, value: load(shopId) };
    kept.set(shopId, entry);
    entry.value.catch(() => {
      if (kept.get(shopId) === entry) kept.delete(shopId);
    });
    return entry.value;
  }

  const running = <T>(list: Array<Windowed<T>>) => {
    const at = now();
    return list.filter((w) => w.startsAt <= at && at < w.endsAt).map((w) => w.value);
  };

  return {
    /** The add-on deals and gift rules running in this shop now (the main mall's where it has none). */
    async running(shopId: number): Promise<{ addOns: RunningAddOn[]; gifts: RunningGift[] }> {
      const own = await schedule(shopId);
      const main = shopId === MAIN_SHOP_ID ? own : await schedule(MAIN_SHOP_ID);
      const pick = <T>(mine: Array<Windowed<T>>, theirs: Array<Windowed<T>>) => {
        const r = running(mine);
        return r.length > 0 ? r : running(theirs);
      };
      return { addOns: pick(own.addOns, main.addOns), gifts: pick(own.gifts, main.gifts) };
    },
    forget() {
      kept.clear();
    },
  };
}
