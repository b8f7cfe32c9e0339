import type {
  DealerCard,
  DealerDetail,
  DealerListItem,
  DealerOutletPage,
  DealerOutletView,
  DealerSearchPage,
} from "@shop/contract";
import { MAIN_SHOP_ID } from "@shop/contract";
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { dealerOutlets, dealerProducts, dealers } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { likeEscape } from "../../lib/like.js";
import type { CatalogueService } from "../catalogue/service.js";

const cardColumns = {
  id: dealers.id,
  name: dealers.name,
  county: dealers.county,
  district: dealers.district,
  address: dealers.address,
  phone: dealers.phone,
  image: dealers.image,
};
const active = eq(dealers.status, "active");
/** LIKE wildcards typed by a visitor are matched literally. */

const outletView = (o: typeof dealerOutlets.$inferSelect): DealerOutletView => ({
  id: o.id,
  name: o.name,
  county: o.county,
  district: o.district,
  address: o.address,
  phone: o.phone,
  hours: o.hours,
});

/** The public dealer directory: dealers by county and keyword, outlets, products carried. */
export function createDealersService(db: Db, catalogue: CatalogueService) {
  async function withCounts(rows: Array<DealerCard & { intro: string }>): Promise<DealerListItem[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [outlets, carried] = await Promise.all([
      db
        .select({ id: dealerOutlets.dealerId, n: count() })
        .from(dealerOutlets)
        .where(inArray(dealerOutlets.dealerId, ids))
        .groupBy(dealerOutlets.dealerId),
      db
        .select({ id: dealerProducts.dealerId, n: count() })
        .from(dealerProducts)
        .where(inArray(dealerProducts.dealerId, ids))
        .groupBy(dealerProducts.dealerId),
    ]);
    return rows.map((r) => ({
      ...r,
      outlet_count: outlets.find((o) => o.id === r.id)?.n ?? 0,
      product_count: carried.find((c) => c.id === r.id)?.n ?? 0,
    }));
  }

  async function activeDealer(id: number) {
    const [row] = await db
      .select({ ...cardColumns, intro: dealers.intro })
      .from(dealers)
      .where(and(eq(dealers.id, id), active));
    if (!row) throw notFound("DEALER_NOT_FOUND", "找不到此經銷商");
    return row;
  }

  return {
    featured(): Promise<DealerCard[]> {
      return db
        .select(cardColumns)
        .from(dealers)
        .where(and(eq(dealers.featured, true), active))
        .orderBy(asc(dealers.sort), asc(dealers.id));
    },

    async search(q: { county?: string; keyword?: string; page: number; perPage: number }): Promise<DealerSearchPage> {
      const conditions: SQL[] = [active];
      if (q.county) conditions.push(eq(dealers.county, q.county));
      const keyword = q.keyword?.trim();
      if (keyword) {
        const pattern = `%${likeEscape(keyword)}%`;
        const match = or(ilike(dealers.name, pattern), ilike(dealers.address, pattern), ilike(dealers.intro, pattern));
        if (match) conditions.push(match);
      }
      const where = and(...conditions);
      const [[total], rows, counties] = await Promise.all([
        db.select({ n: count() }).from(dealers).where(where),
        db
          .select({ ...cardColumns, intro: dealers.intro })
          .from(dealers)
          .where(where)
          .orderBy(asc(dealers.sort), asc(dealers.id))
          .limit(q.perPage)
          .offset((q.page - 1) * q.perPage),
        db
          .select({ county: dealers.county, count: count() })
          .from(dealers)
          .where(active)
          .groupBy(dealers.county)
          .orderBy(sql`min(${dealers.sort})`),
      ]);
      return { list: await withCounts(rows), total: total?.n ?? 0, page: q.page, per_page: q.perPage, counties };
    },

    async outlets(dealerId: number, page: number, perPage: number): Promise<DealerOutletPage> {
      const dealer = await activeDealer(dealerId);
      const mine = eq(dealerOutlets.dealerId, dealerId);
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(dealerOutlets).where(mine),
        db
          .select()
          .from(dealerOutlets)
          .where(mine)
          .orderBy(asc(dealerOutlets.sort), asc(dealerOutlets.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
      ]);
      const { intro: _intro, ...card } = dealer;
      return { dealer: card, list: rows.map(outletView), total: total?.n ?? 0, page, per_page: perPage };
    },

    async get(id: number): Promise<DealerDetail> {
      const dealer = await activeDealer(id);
      const [outlets, carried] = await Promise.all([
        db
          .select()
          .from(dealerOutlets)
          .where(eq(dealerOutlets.dealerId, id))
          .orderBy(asc(dealerOutlets.sort), asc(dealerOutlets.id)),
        db.select({ id: dealerProducts.productId }).from(dealerProducts).where(eq(dealerProducts.dealerId, id)),
      ]);
      // Products carried that are still on shelf, at the main mall's prices.
      const products = await catalogue.cards(MAIN_SHOP_ID, { ids: carried.map((c) => c.id), limit: 100 });
      const [item] = await withCounts([dealer]);
      return { ...(item as DealerListItem), outlets: outlets.map(outletView), products };
    },
  };
}

export type DealersService = ReturnType<typeof createDealersService>;
