import type { Db } from "../db/client.js";
import { indexMissingReadings } from "../modules/catalogue/search-index.js";
import { ensureShipMethods } from "../modules/logistics/ship-method-defaults.js";
import { ensureMainShop } from "../modules/shops/main-shop.js";

export const BRAND_NAME = "茶山好物";

/**
 * What every shop needs before its first page, made on an empty database (a production start
 * seeds no demo data): the main mall, and its ship methods switched off for staff to set; and the
 * search readings of products saved before they existed (migration 0043, decision 85). Run at every
 * start and by `npm run migrate`; it changes nothing once they exist (decision 73).
 */
export async function ensureShopEssentials(db: Db): Promise<void> {
  await ensureMainShop(db, BRAND_NAME);
  await ensureShipMethods(db);
  await indexMissingReadings(db);
}
