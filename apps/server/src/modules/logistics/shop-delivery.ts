import { MAIN_SHOP_ID, type ShipMethodCode } from "@shop/contract";
import type { ShopDelivery } from "@shop/contract/seller-shop";
import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { shipMethods } from "../../db/schema/index.js";
import { conflict } from "../../lib/errors.js";

/** What a shop that never set self-delivery charges for it until the seller says otherwise. */
const SELF_DEFAULTS = { fee: 100, freeThreshold: null as number | null };
const selfName = (shopName: string) => `${shopName} 專人配送`;

/**
 * A sub-mall's delivery options as its seller sees and changes them (decision 46): a shop without
 * its own ship methods offers the main mall's; the first approved change gives it its own copy.
 */
export function createShopDelivery(db: Db) {
  const rowsOf = (q: Db | Tx, shopId: number) =>
    q.select().from(shipMethods).where(eq(shipMethods.shopId, shopId)).orderBy(asc(shipMethods.sort), asc(shipMethods.id));

  return {
    /** Every method the shop may offer with its fee, which are on, and the self-delivery fee. */
    async options(shopId: number, shopName: string, q: Db | Tx = db) {
      const own = await rowsOf(q, shopId);
      const rows = own.length > 0 ? own : (await rowsOf(q, MAIN_SHOP_ID)).filter((m) => m.enabled && m.code !== "self");
      const self = rows.find((m) => m.code === "self");
      const methods = rows.filter((m) => m.code !== "self");
      return {
        methods: [
          ...methods.map((m) => ({ code: m.code, name: m.name, fee: m.fee, free_threshold: m.freeThreshold })),
          {
            code: "self" as const,
            name: self?.name ?? selfName(shopName),
            fee: self?.fee ?? SELF_DEFAULTS.fee,
            free_threshold: self ? self.freeThreshold : SELF_DEFAULTS.freeThreshold,
          },
        ],
        delivery: {
          codes: rows.filter((m) => m.enabled).map((m) => m.code),
          self_fee: self?.fee ?? SELF_DEFAULTS.fee,
          self_free_threshold: self ? self.freeThreshold : SELF_DEFAULTS.freeThreshold,
        } satisfies ShopDelivery,
      };
    },

    /**
     * Applies approved delivery options inside the approval's transaction: the shop gets its own
     * rows (copied from the main mall's, fees included) if it had none, then each is switched on
     * or off and self-delivery takes the seller's fee. Codes the shop cannot offer are ignored.
     */
    async apply(tx: Tx, shopId: number, shopName: string, delivery: ShopDelivery) {
      let own = await rowsOf(tx, shopId);
      if (own.length === 0) {
        const main = (await rowsOf(tx, MAIN_SHOP_ID)).filter((m) => m.enabled && m.code !== "self");
        // Staff adding a method to this shop at the same moment keep theirs (the shop-and-code index).
        if (main.length > 0)
          await tx
            .insert(shipMethods)
            .values(main.map(({ id: _id, shopId: _s, ...m }) => ({ ...m, shopId })))
            .onConflictDoNothing();
        own = await rowsOf(tx, shopId);
      }
      if (!own.some((m) => m.code === "self")) {
        const sort = Math.max(0, ...own.map((m) => m.sort)) + 1;
        await tx
          .insert(shipMethods)
          .values({
            shopId,
            code: "self",
            name: selfName(shopName),
            fee: delivery.self_fee,
            freeThreshold: delivery.self_free_threshold,
            enabled: false,
            sort,
          })
          .onConflictDoNothing();
        own = await rowsOf(tx, shopId);
      }
      const on = new Set<ShipMethodCode>(delivery.codes);
      for (const m of own) {
        const self = m.code === "self" ? { fee: delivery.self_fee, freeThreshold: delivery.self_free_threshold } : {};
        await tx
          .update(shipMethods)
          .set({ enabled: on.has(m.code), ...self })
          .where(and(eq(shipMethods.id, m.id), eq(shipMethods.shopId, shopId)));
      }
      // Never leave a shop with nothing to ship by (checkout would fall back to the main mall's).
      if (!(await rowsOf(tx, shopId)).some((m) => m.enabled))
        throw conflict("NO_SHIP_METHOD_LEFT", "核准後此商城將沒有可用的配送方式，請退回申請");
    },
  };
}
export type ShopDeliveryOptions = ReturnType<typeof createShopDelivery>;
