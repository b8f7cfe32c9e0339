import { lineShareUrl, type ReferralView, type ShareLinks, shopBasePath } from "@shop/contract";
import { count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { members } from "../../db/schema/index.js";
import { newRefcode } from "../../lib/crypto.js";
import { isUniqueViolation, notFound } from "../../lib/errors.js";
import type { CatalogueService } from "../catalogue/service.js";
import { type LoyaltyService, taipeiMonth } from "../loyalty/service.js";

const maskName = (name: string) => {
  const chars = [...name];
  if (chars.length <= 1) return name;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${"*".repeat(chars.length - 2)}${chars.at(-1)}`;
};
const maskPhone = (phone: string) => `${phone.slice(0, 4)}***${phone.slice(-3)}`;

/** Referral codes and the member's two levels of referrals (names and phones masked). */
export function createReferralsService(
  db: Db,
  loyalty: LoyaltyService,
  catalogue: CatalogueService,
  now: () => Date = () => new Date(),
) {
  async function listUnder(uplineId: number): Promise<ReferralView[]> {
    const rows = await db.select().from(members).where(eq(members.uplineId, uplineId)).orderBy(desc(members.id)).limit(500);
    if (rows.length === 0) return [];
    const counts = await db
      .select({ upline: members.uplineId, n: count() })
      .from(members)
      .where(
        inArray(
          members.uplineId,
          rows.map((r) => r.id),
        ),
      )
      .groupBy(members.uplineId);
    const month = taipeiMonth(now());
    const threshold = await loyalty.monthlyThreshold();
    return Promise.all(
      rows.map(async (m) => ({
        member_id: m.id,
        name: maskName(m.name),
        phone: maskPhone(m.phone),
        joined_at: m.createdAt.toISOString(),
        qualified: (await loyalty.monthSpend(m.id, month)) >= threshold,
        referrals: counts.find((c) => c.upline === m.id)?.n ?? 0,
      })),
    );
  }

  return {
    /** A new code; the old one stops working at once. */
    /**
     * shareProduct: the product's page in the member's own shop, carrying their referral code, so
     * a friend who registers from it becomes their referral and lands in the same sub-mall.
     */
    async shareProduct(memberId: number, productId: number, origin: string): Promise<ShareLinks> {
      const [m] = await db.select().from(members).where(eq(members.id, memberId));
      if (!m) throw notFound("MEMBER_NOT_FOUND", "找不到會員");
      await catalogue.product(productId, m.shopId).catch(() => {
        throw notFound("PRODUCT_NOT_FOUND", "找不到此商品，可能已下架");
      });
      const url = `${origin}${shopBasePath(m.shopId)}/product/details?id=${productId}&refcode=${encodeURIComponent(m.refcode)}`;
      return { url, line_share_url: lineShareUrl(url) };
    },

    async freshRefcode(memberId: number): Promise<string> {
      for (let attempt = 0; ; attempt++) {
        const refcode = newRefcode();
        try {
          await db.update(members).set({ refcode, updatedAt: now() }).where(eq(members.id, memberId));
          return refcode;
        } catch (error) {
          if (attempt < 5 && isUniqueViolation(error, "members_refcode_key")) continue;
          throw error;
        }
      }
    },
    first: (memberId: number) => listUnder(memberId),
    /** Level 2: the referrals of one of the member's own referrals (anyone else's is a 404). */
    async child(memberId: number, childId: number) {
      const [c] = await db.select({ upline: members.uplineId }).from(members).where(eq(members.id, childId));
      if (c?.upline !== memberId) throw notFound("REFERRAL_NOT_FOUND", "找不到此推薦會員");
      return listUnder(childId);
    },
  };
}
export type ReferralsService = ReturnType<typeof createReferralsService>;
