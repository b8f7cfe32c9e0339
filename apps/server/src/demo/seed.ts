import { hash as argonHash } from "@node-rs/argon2";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import {
  categories,
  coupons,
  exchangeItems,
  members,
  products,
  rafflePrizes,
  raffles,
  raffleTickets,
  shipMethods,
  shopProducts,
  shopSettings,
  shops,
  staff,
  variants,
} from "../db/schema/index.js";
import { createCatalogueService } from "../modules/catalogue/service.js";
import { createInventoryService } from "../modules/inventory/service.js";
import { createLoyaltyService } from "../modules/loyalty/service.js";
import { createShopsService } from "../modules/shops/service.js";
import { DEMO_SHIP_METHODS } from "./demo-extras.js";
import { createDemoImages } from "./demo-images.js";
import { seedCatalogue, seedContent, seedExtras } from "./seed-shop.js";

/** Demo accounts; their passwords are documented in the README and created only here. */
export const DEMO_ACCOUNTS = {
  member: { phone: "0912345678", password: "demo1234", name: "王小明", refcode: "TEAFAN88" },
  seller: { phone: "0987654321", password: "seller1234", name: "林阿里", refcode: "ALISHAN8" },
  shop2Member: { phone: "0911222333", password: "demo1234", name: "陳美玲", refcode: "MEILING8" },
  downline: { phone: "0933444555", password: "demo1234", name: "張志豪", refcode: "ZHIHAO88" },
} as const;

/** Demo back-office staff, one per role (README); created only with the demo data. */
export const DEMO_STAFF = {
  owner: { username: "owner", password: "owner12345", name: "周店長", role: "owner" },
  operator: { username: "operator", password: "operator12345", name: "李營運", role: "operator" },
  support: { username: "support", password: "support12345", name: "吳客服", role: "support" },
} as const;

async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(shops);
  return (row?.n ?? 0) === 0;
}

/** Loads the demo shop into an empty database; does nothing when shops already exist. */
export async function seedIfEmpty(db: Db, dataDir: string): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seedDemo(db, dataDir);
  return true;
}

export async function seedDemo(db: Db, dataDir: string): Promise<void> {
  const images = createDemoImages(dataDir);
  const hashes = Object.fromEntries(
    await Promise.all(Object.entries(DEMO_ACCOUNTS).map(async ([k, a]) => [k, await argonHash(a.password)] as const)),
  ) as Record<keyof typeof DEMO_ACCOUNTS, string>;

  await db.transaction(async (tx) => {
    const [main] = await tx
      .insert(shops)
      .values({ name: "茶山好物", intro: "嚴選台灣好茶與在地好食", logo: images.square("logo-main", "leaf", 110) })
      .returning();
    const [shop2] = await tx
      .insert(shops)
      .values({
        name: "阿里山茶行",
        intro: "阿里山上第三代茶農，親手採製的高山茶。",
        logo: images.square("logo-shop2", "leaf", 150, 2),
        banner: images.banner("shop2", 150).desktop,
        commissionBp: 800,
      })
      .returning();
    if (main?.id !== 1 || !shop2) throw new Error("seed must run on an empty database");

    const member = await insertMember(tx, "member", hashes.member, 1);
    const seller = await insertMember(tx, "seller", hashes.seller, shop2.id);
    await insertMember(tx, "shop2Member", hashes.shop2Member, shop2.id);
    await insertMember(tx, "downline", hashes.downline, 1, member.id);
    await tx.update(shops).set({ ownerMemberId: seller.id }).where(eq(shops.id, shop2.id));

    const teaProductIds = await seedCatalogue(tx, images);
    await tx.insert(shopProducts).values(teaProductIds.map((productId) => ({ shopId: shop2.id, productId })));
    await seedContent(tx, images, shop2.id);
    await seedExtras(tx, images);
    // Starting stock enters the ledger like any other movement (before anything takes from it).
    await tx.execute(
      sql`insert into stock_movements (variant_id, delta, reason, ref) select id, stock, 'initial', 'seed' from variants where stock <> 0`,
    );
    // The seller starts with six of the shop's teas in hand for their own delivery.
    await tx.execute(sql`
      insert into shop_stock_movements (shop_id, variant_id, delta, reason, ref, note)
      select ${shop2.id}, v.id, 20, 'staff', 'seed', '開店備貨' from variants v
      where v.product_id in (select product_id from shop_products where shop_id = ${shop2.id} order by product_id limit 6)`);
    await tx.execute(
      sql`insert into shop_stock (shop_id, variant_id, qty) select shop_id, variant_id, delta from shop_stock_movements where ref = 'seed'`,
    );
    await seedCheckout(tx, shop2.id, member.id);
    await createCatalogueService(db).refreshSearchIndex(tx);
    for (const s of Object.values(DEMO_STAFF))
      await tx
        .insert(staff)
        .values({ username: s.username, name: s.name, role: s.role, passwordHash: await argonHash(s.password) });
  });
}

async function insertMember(tx: Tx, key: keyof typeof DEMO_ACCOUNTS, passwordHash: string, shopId: number, uplineId?: number) {
  const a = DEMO_ACCOUNTS[key];
  const [row] = await tx
    .insert(members)
    .values({ phone: a.phone, name: a.name, refcode: a.refcode, passwordHash, shopId, uplineId: uplineId ?? null })
    .returning();
  if (!row) throw new Error("member insert failed");
  return row;
}

/** The shop's transfer account, loyalty limits, the sub-mall's own delivery, and a member's points, wallet and coupons. */
async function seedCheckout(tx: Tx, shop2Id: number, memberId: number) {
  await tx.insert(shopSettings).values([
    { shopId: 1, key: "points_cap_per_order", value: "500" },
    { shopId: 1, key: "monthly_member_threshold", value: "3000" },
    { shopId: 1, key: "withdrawal_minimum", value: "100" },
    { shopId: 1, key: "withdrawal_fee", value: "15" },
    { shopId: 1, key: "exchange_points_per_dollar", value: "2" },
    { shopId: 1, key: "exchange_minimum_points", value: "100" },
    { shopId: 1, key: "transfer_bank_code", value: "822" },
    { shopId: 1, key: "transfer_bank_name", value: "中國信託商業銀行" },
    { shopId: 1, key: "transfer_account", value: "1234-5678-9012" },
    { shopId: 1, key: "transfer_holder", value: "茶山好物股份有限公司" },
    // Interest-free card instalments (decision 88): 3 and 6 from NT$1,000, 12 from NT$3,000, 24 from NT$6,000.
    { shopId: 1, key: "instalment_counts", value: "3,6,12,24" },
    { shopId: 1, key: "instalment_min_3", value: "1000" },
    { shopId: 1, key: "instalment_min_6", value: "1000" },
    { shopId: 1, key: "instalment_min_12", value: "3000" },
    { shopId: 1, key: "instalment_min_24", value: "6000" },
    // The footer's trust details (decision 55); sub-malls show these unless they set their own.
    { shopId: 1, key: "footer_company", value: "茶山好物股份有限公司" },
    { shopId: 1, key: "footer_tax_id", value: "22099131" },
    { shopId: 1, key: "footer_address", value: "台北市大安區忠孝東路四段 100 號" },
    { shopId: 1, key: "footer_phone", value: "(02) 2345-6789" },
    { shopId: 1, key: "footer_hours", value: "週一至週五 09:00–18:00" },
    { shopId: 1, key: "footer_line_url", value: "https://lin.ee/demo-tea" },
    { shopId: 1, key: "footer_dispatch", value: "付款完成後 1–3 個工作天內出貨（例假日不出貨）" },
    // Where approved returns are sent (decision 83); the sub-mall has its own.
    { shopId: 1, key: "return_address", value: "茶山好物 退貨組（02-2345-6789）106 台北市大安區忠孝東路四段 100 號" },
    // The demo sub-mall takes transfers into its seller's own account, so its seller confirms them
    // (decision 30); a sub-mall without one uses the company's, confirmed by staff.
    { shopId: shop2Id, key: "transfer_bank_code", value: "700" },
    { shopId: shop2Id, key: "transfer_bank_name", value: "中華郵政" },
    { shopId: shop2Id, key: "transfer_account", value: "0001234-5678901" },
    { shopId: shop2Id, key: "transfer_holder", value: "林阿里" },
    { shopId: shop2Id, key: "return_address", value: "阿里山茶行 林阿里（0987-654-321）605 嘉義縣阿里山鄉中正村 8 號" },
  ]);
  // The sub-mall offers everything the main mall does plus the seller's own delivery.
  await tx.insert(shipMethods).values(
    [...DEMO_SHIP_METHODS, { code: "self" as const, name: "阿里山茶行 專人配送", fee: 80, freeThreshold: 1200 }].map((m, i) => ({
      ...m,
      shopId: shop2Id,
      sort: i,
    })),
  );
  const gifts = await tx
    .select({ id: variants.id, productId: variants.productId, name: products.name, image: products.image })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.productId, [56, 58]));
  const firstOf = (productId: number) => gifts.find((g) => g.productId === productId);
  await tx.insert(exchangeItems).values(
    [
      [56, 400],
      [58, 600],
    ].flatMap(([productId, points]) => {
      const g = firstOf(productId ?? 0);
      return g ? [{ variantId: g.id, title: g.name, image: g.image, points: points ?? 0 }] : [];
    }),
  );
  const loyalty = createLoyaltyService(tx as unknown as Db, createShopsService(tx as unknown as Db).numberSetting);
  await loyalty.changePoints(tx, memberId, 800, "新會員見面禮", "seed:welcome");
  await loyalty.changeWallet(tx, memberId, 300, "推薦獎金", "seed:welcome");
  // 茶葉全館: the top-level tea category, which covers its sub-categories' products (found by
  // name: ids [6, 7, 8] once pointed the coupon at the snacks).
  const [tea] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.name, "台灣好茶"), isNull(categories.parentId)));
  if (!tea) throw new Error("the demo's tea category is missing");
  const rows = await tx
    .insert(coupons)
    .values([
      { title: "滿 NT$800 折 NT$100", kind: "amount", value: 100, minSpend: 800 },
      { title: "茶葉全館 9 折", kind: "percent", value: 10, minSpend: 0, categoryIds: [tea.id] },
    ])
    .returning({ id: coupons.id });
  await loyalty.issueCoupons(
    tx,
    memberId,
    rows.map((r) => r.id),
    new Date(Date.now() + 90 * 86_400_000),
  );
  await seedRaffle(tx, memberId, rows[0]?.id ?? null, firstOf(58)?.id ?? null);
}

/** A running scratch-card campaign (orders from NT$1,000 earn a card) and two cards for the demo member. */
async function seedRaffle(tx: Tx, memberId: number, couponId: number | null, giftVariantId: number | null) {
  const day = 86_400_000;
  const [raffle] = await tx
    .insert(raffles)
    .values({
      title: "好茶刮刮樂",
      description: "單筆訂單商品金額滿 NT$1,000，訂單完成即得刮刮卡一張，點數、購物金、優惠券與好禮等你刮！",
      minOrderAmount: 1000,
      startsAt: new Date(Date.now() - 30 * day),
      endsAt: new Date(Date.now() + 365 * day),
    })
    .returning();
  if (!raffle) throw new Error("raffle insert failed");
  const prizes = await tx
    .insert(rafflePrizes)
    .values([
      { raffleId: raffle.id, title: "50 點", kind: "points" as const, amount: 50, weight: 30, stock: 500, sort: 1 },
      { raffleId: raffle.id, title: "購物金 NT$50", kind: "wallet" as const, amount: 50, weight: 10, stock: 100, sort: 2 },
      ...(couponId
        ? [
            {
              raffleId: raffle.id,
              title: "滿 NT$800 折 NT$100 優惠券",
              kind: "coupon" as const,
              couponId,
              weight: 15,
              stock: 200,
              sort: 3,
            },
          ]
        : []),
      ...(giftVariantId
        ? [
            {
              raffleId: raffle.id,
              title: "好禮一份（存入雲端庫存）",
              kind: "goods" as const,
              variantId: giftVariantId,
              weight: 5,
              stock: 5,
              sort: 4,
            },
          ]
        : []),
      { raffleId: raffle.id, title: "銘謝惠顧", kind: "nothing" as const, weight: 40, stock: null, sort: 5 },
    ])
    .returning();
  // Goods prizes are set aside from shop stock when created (decision 20).
  const goods = prizes.find((p) => p.kind === "goods");
  if (goods?.variantId && goods.stock) {
    await createInventoryService(tx as unknown as Db).reserve(
      tx,
      [{ variantId: goods.variantId, qty: goods.stock }],
      `raffle-prize:${goods.id}`,
    );
  }
  await tx
    .insert(raffleTickets)
    .values([1, 2].map((seq) => ({ memberId, raffleId: raffle.id, source: "seed:welcome", seq, createdAt: new Date() })));
}
