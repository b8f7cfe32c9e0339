import type { bannerInput } from "@shop/contract/admin";
import { asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import { type Db, single, type Tx } from "../../db/client.js";
import { banners } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";

type BannerInput = z.infer<typeof bannerInput>;
type BannerRow = typeof banners.$inferSelect;

export const bannerView = (b: BannerRow) => ({
  id: b.id,
  shop_id: b.shopId,
  title: b.title,
  image: b.image,
  image_mobile: b.imageMobile,
  link: b.link,
  sort: b.sort,
  starts_at: b.startsAt?.toISOString() ?? null,
  ends_at: b.endsAt?.toISOString() ?? null,
});
export type BannerAdminView = ReturnType<typeof bannerView>;

const columns = (b: BannerInput) => ({
  shopId: b.shop_id,
  title: b.title,
  image: b.image,
  imageMobile: b.image_mobile,
  link: b.link,
  sort: b.sort,
  startsAt: b.starts_at ? new Date(b.starts_at) : null,
  endsAt: b.ends_at ? new Date(b.ends_at) : null,
});

/** Home banners per shop, with their schedule (shown from starts_at until ends_at). */
export function createContentAdmin(db: Db) {
  async function one(q: Db | Tx, id: number) {
    const [b] = await q.select().from(banners).where(eq(banners.id, id));
    if (!b) throw notFound("找不到此橫幅");
    return b;
  }
  type Audit = (tx: Tx, before: BannerAdminView | null, after: BannerAdminView | null) => Promise<void>;
  return {
    async banners(shopId: number | undefined, page: number, perPage: number) {
      const where = shopId ? eq(banners.shopId, shopId) : undefined;
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(banners).where(where),
        db
          .select()
          .from(banners)
          .where(where)
          .orderBy(asc(banners.shopId), asc(banners.sort), asc(banners.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
      ]);
      return { total: total?.n ?? 0, items: rows.map(bannerView) };
    },
    banner: async (id: number) => bannerView(await one(db, id)),
    createBanner: (input: BannerInput, audit: Audit) =>
      db.transaction(async (tx) => {
        const b = single(await tx.insert(banners).values(columns(input)).returning());
        await audit(tx, null, bannerView(b));
        return bannerView(b);
      }),
    updateBanner: (id: number, input: BannerInput, audit: Audit) =>
      db.transaction(async (tx) => {
        const before = bannerView(await one(tx, id));
        const b = single(await tx.update(banners).set(columns(input)).where(eq(banners.id, id)).returning());
        await audit(tx, before, bannerView(b));
        return bannerView(b);
      }),
    deleteBanner: (id: number, audit: Audit) =>
      db.transaction(async (tx) => {
        const before = bannerView(await one(tx, id));
        await tx.delete(banners).where(eq(banners.id, id));
        await audit(tx, before, null);
        return before;
      }),
  };
}
export type ContentAdmin = ReturnType<typeof createContentAdmin>;
