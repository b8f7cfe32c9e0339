import { MAIN_SHOP_ID } from "@shop/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { shops } from "../../db/schema/index.js";

/** Held while the main mall is made: two instances starting on one empty database make it once. */
const MAIN_SHOP_LOCK = 7_301_000_000_003;

/**
 * The main mall (shop 1) every page and order belongs to, made on an empty database with the
 * brand's name (staff rename it in 商城與賣家). A production start seeds no demo data, and the
 * storefront, checkout and back office need it before anything else. Returns whether it was made.
 */
export async function ensureMainShop(db: Db, name: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MAIN_SHOP_LOCK})`);
    const made = await tx.insert(shops).values({ id: MAIN_SHOP_ID, name, intro: "" }).onConflictDoNothing().returning();
    // The id was given: the serial must move past it, or the first sub-mall would collide.
    if (made.length > 0)
      await tx.execute(sql`select setval(pg_get_serial_sequence('shops', 'id'), (select max(id) from ${shops}))`);
    return made.length > 0;
  });
}
