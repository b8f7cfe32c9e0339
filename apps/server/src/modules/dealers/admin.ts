import type { dealerInput } from "@shop/contract/admin";
import { asc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { dealerOutlets, dealerProducts, dealers } from "../../db/schema/index.js";
import { adminTable } from "../../lib/admin-table.js";
import { likeEscape } from "../../lib/like.js";

type Input = z.infer<typeof dealerInput>;

/** The dealer's own columns: named the same in the form, the view and the table. */
function dealerFields(d: Input | typeof dealers.$inferSelect) {
  const { name, county, district, address, phone, image, intro, featured, status, sort } = d;
  return { name, county, district, address, phone, image, intro, featured, status, sort };
}

/** The dealer directory as staff edit it: each dealer with its outlets and the products it carries. */
export function createDealersAdmin(db: Db) {
  const table = adminTable(db, {
    table: dealers,
    missing: "找不到此經銷商",
    view: async (d: typeof dealers.$inferSelect, q: Db | Tx) => {
      // Sequential: inside a transaction `q` is one connection.
      const outlets = await q
        .select()
        .from(dealerOutlets)
        .where(eq(dealerOutlets.dealerId, d.id))
        .orderBy(asc(dealerOutlets.sort), asc(dealerOutlets.id));
      const products = await q
        .select()
        .from(dealerProducts)
        .where(eq(dealerProducts.dealerId, d.id))
        .orderBy(asc(dealerProducts.productId));
      return {
        id: d.id,
        ...dealerFields(d),
        product_ids: products.map((p) => p.productId),
        outlets: outlets.map((o) => ({
          name: o.name,
          county: o.county,
          district: o.district,
          address: o.address,
          phone: o.phone,
          hours: o.hours,
        })),
      };
    },
    columns: (d: Input) => dealerFields(d),
    orderBy: [asc(dealers.sort), asc(dealers.id)] as SQL[],
    // Outlets and carried products are replaced whole: the form sends the full lists.
    async afterWrite(tx, dealerId, d) {
      await tx.delete(dealerOutlets).where(eq(dealerOutlets.dealerId, dealerId));
      await tx.delete(dealerProducts).where(eq(dealerProducts.dealerId, dealerId));
      if (d.outlets.length > 0) await tx.insert(dealerOutlets).values(d.outlets.map((o, sort) => ({ ...o, dealerId, sort })));
      const ids = [...new Set(d.product_ids)];
      if (ids.length > 0) await tx.insert(dealerProducts).values(ids.map((productId) => ({ dealerId, productId })));
    },
  });
  return {
    list: (q: string | undefined, page: number, perPage: number) =>
      table.list(
        q ? or(ilike(dealers.name, `%${likeEscape(q)}%`), ilike(dealers.county, `%${likeEscape(q)}%`)) : undefined,
        page,
        perPage,
      ),
    get: table.get,
    create: table.create,
    update: table.update,
  };
}
export type DealersAdmin = ReturnType<typeof createDealersAdmin>;
