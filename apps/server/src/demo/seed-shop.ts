import type { Tx } from "../db/client.js";
import {
  banners,
  categories,
  dealerOutlets,
  dealerProducts,
  dealers,
  news,
  productImages,
  products,
  promoImages,
  promotionProducts,
  promotions,
  quickOrders,
  shipMethods,
  shopSettings,
  staticPages,
  topHrefs,
  variants,
} from "../db/schema/index.js";
import { sanitizeRichText } from "../lib/sanitize.js";
import { DEMO_CATALOGUE, DEMO_ENGLISH_NAMES, type DemoParent } from "./demo-catalogue.js";
import { DEMO_CHILLED, DEMO_DEALERS, DEMO_PACKED, DEMO_PROMOTIONS, DEMO_SHIP_METHODS } from "./demo-extras.js";
import type { Images } from "./demo-images.js";
import { DEMO_STATIC_PAGES } from "./demo-pages.js";

/** The demo shop's catalogue, storefront content and extras (dealers, promotions, ship methods), for seed.ts. */
/** Returns the ids of the tea products (the demo sub-mall sells those). */
export async function seedCatalogue(tx: Tx, images: Images): Promise<number[]> {
  const teaIds: number[] = [];
  let n = 0;
  for (const [pi, parent] of DEMO_CATALOGUE.entries()) {
    const [top] = await tx
      .insert(categories)
      .values({
        name: parent.name,
        nameEn: parent.english.name,
        sort: pi,
        showOnHome: true,
        image: images.square(`category-${pi}`, parent.motif, parent.hue),
      })
      .returning();
    if (!top) throw new Error("category insert failed");
    for (const [ci, child] of parent.children.entries()) {
      const [cat] = await tx
        .insert(categories)
        .values({
          name: child.name,
          nameEn: child.nameEn ?? "",
          parentId: top.id,
          sort: ci,
          image: images.square(`category-${pi}-${ci}`, parent.motif, parent.hue + ci * 12, ci),
        })
        .returning();
      if (!cat) throw new Error("category insert failed");
      for (const [k, name] of child.products.entries()) {
        n++;
        const base = parent.basePrice + ((n * 37) % 9) * 20;
        const set = parent.variantSets[(ci + k) % parent.variantSets.length] ?? [];
        const tags = [...(n % 3 === 0 ? ["hot"] : []), ...(n % 4 === 1 ? ["recommended"] : []), ...(n % 5 === 2 ? ["new"] : [])];
        const image = images.square(`product-${n}`, parent.motif, parent.hue + k * 9, n);
        const [product] = await tx
          .insert(products)
          .values({
            categoryId: cat.id,
            name,
            subtitle: `${child.name}｜${parent.origin}`,
            description: productDescription(
              name,
              parent.origin,
              parent.storage,
              set.map((v) => v.name),
            ),
            ...productEnglish(name, parent, child.nameEn),
            image,
            price: base,
            listPrice: Math.round((base * 1.2) / 10) * 10,
            pointPercent: parent.pointPercent,
            tags,
            sort: n,
            perOrderLimit: parent.name === "禮盒專區" ? 20 : null,
            temperature: DEMO_CHILLED.includes(name) ? "chilled" : "normal",
          })
          .returning();
        if (!product) throw new Error("product insert failed");
        if (pi === 0) teaIds.push(product.id);
        await tx.insert(productImages).values([
          { productId: product.id, url: image, sort: 0 },
          { productId: product.id, url: images.square(`product-${n}-b`, parent.motif, parent.hue + 40, n + 1), sort: 1 },
        ]);
        await tx.insert(variants).values(
          set.map((v, vi) => ({
            productId: product.id,
            sku: `TS-${String(n).padStart(3, "0")}-${vi + 1}`,
            name: v.name,
            price: base + v.delta,
            listPrice: Math.round(((base + v.delta) * 1.2) / 10) * 10,
            // Some sold-out and low-stock products, and some products whose largest size is sold
            // out, so the storefront shows every state.
            // (The chilled product stays in stock: the shipping-fees spec buys it.)
            stock:
              !DEMO_CHILLED.includes(name) && (n % 11 === 0 || (n % 5 === 1 && vi === 2))
                ? 0
                : n % 7 === 0
                  ? 3
                  : 40 + ((n * 13 + vi * 7) % 160),
            sort: vi,
            ...DEMO_PACKED[parent.name],
          })),
        );
      }
    }
  }
  return teaIds;
}

/** A demo product's English name, subtitle and description, where it has an English name (decision 109). */
function productEnglish(name: string, parent: DemoParent, childEn: string | undefined) {
  const nameEn = DEMO_ENGLISH_NAMES[name];
  if (!nameEn) return {};
  const { origin, storage } = parent.english;
  return {
    nameEn,
    subtitleEn: childEn ? `${childEn} | ${origin[0]?.toUpperCase()}${origin.slice(1)}` : "",
    descriptionEn: [
      `<p>${nameEn}, from ${origin}. We visit every source and taste each batch ourselves, choosing only what we would recommend to our own family.</p>`,
      `<h3>Storage</h3><p>${storage}</p>`,
      "<p>7-day inspection period (opened food cannot be returned). Our customer service is happy to help with any question.</p>",
    ].join(""),
  };
}

function productDescription(name: string, origin: string, storage: string, specs: string[]): string {
  return [
    `<p>${name}，來自${origin}。我們親自走訪產地、逐批試飲試吃，只挑選值得推薦給家人的好味道。</p>`,
    `<h3>商品規格</h3><ul>${specs.map((s) => `<li>${s}</li>`).join("")}</ul>`,
    `<h3>保存方式</h3><p>${storage}</p>`,
    "<p>本商品享七天鑑賞期（食品類拆封後恕不退換），如有任何問題歡迎聯繫客服。</p>",
  ].join("");
}

/** The newest demo news item in English (decision 109): the English storefront shows it, the others in Chinese. */
const NEWS_ENGLISH = {
  titleEn: "Winter tea is here: this season's high mountain oolong",
  contentEn: sanitizeRichText(
    "<p>This winter's harvest is rich and fragrant, and members earn double points on it.</p>" +
      "<p>For details, call our customer service on (02) 2345-6789, Monday to Friday 09:00–18:00.</p>",
  ),
};

export async function seedContent(tx: Tx, images: Images, shop2Id: number) {
  const b1 = images.banner("banner-1", 120);
  const b2 = images.banner("banner-2", 25);
  const b3 = images.banner("banner-3", 200);
  await tx.insert(banners).values([
    { title: "冬季高山茶 限時 85 折", image: b1.desktop, imageMobile: b1.mobile, link: "/product?parent_categry_id=1", sort: 0 },
    { title: "新春禮盒 早鳥預購", image: b2.desktop, imageMobile: b2.mobile, link: "/product?parent_categry_id=5", sort: 1 },
    { title: "加入會員 消費累積點數", image: b3.desktop, imageMobile: b3.mobile, link: "/register", sort: 2 },
  ]);
  const s2 = images.banner("banner-shop2", 150);
  await tx.insert(banners).values({
    shopId: shop2Id,
    title: "阿里山茶行 冬茶上市",
    image: s2.desktop,
    imageMobile: s2.mobile,
    link: "/product?parent_categry_id=1",
  });

  await tx.insert(topHrefs).values([
    { title: "關於我們", url: "/content?key=about", sort: 0 },
    { title: "最新消息", url: "/news", sort: 1 },
    { title: "經銷據點", url: "/dealer/list", sort: 2 },
    { title: "聯絡我們", url: "/contactus", sort: 3 },
  ]);

  await tx.insert(staticPages).values(DEMO_STATIC_PAGES.map((p) => ({ ...p, content: sanitizeRichText(p.content), shopId: 1 })));

  const day = 86_400_000;
  const start = Date.parse("2026-11-01T02:00:00Z");
  const newsItems = [
    ["冬茶上市｜高山烏龍新茶到貨", "今年冬茶香氣飽滿，會員購買享雙倍點數。"],
    ["春節禮盒開放預購", "12 月 31 日前預購享早鳥優惠，企業團購另有專人服務。"],
    ["會員點數制度說明", "每消費一筆訂單即可累積點數，點數可折抵購物金。"],
    ["物流年節出貨公告", "農曆年前最後出貨日為 2027/02/03，請提早下單。"],
    ["阿里山茶行進駐商城", "歡迎阿里山第三代茶農林阿里開設專屬商城。"],
  ] as const;
  await tx.insert(news).values(
    newsItems.map(([title, summary], i) => ({
      title,
      summary,
      content: sanitizeRichText(`<p>${summary}</p><p>詳細內容請洽客服專線 (02) 2345-6789，服務時間週一至週五 09:00–18:00。</p>`),
      ...(i === 0 ? NEWS_ENGLISH : {}),
      image: images.banner(`news-${i}`, 90 + i * 40).mobile,
      publishedAt: new Date(start - i * 5 * day),
    })),
  );

  await tx.insert(shopSettings).values([
    { shopId: 1, key: "home_title", value: "茶山好物｜台灣好茶與在地好食" },
    {
      shopId: 1,
      key: "home_description",
      value: "嚴選台灣高山茶、東方美人、日月潭紅茶與在地小農好食，會員消費累積點數，推薦好友再享回饋。",
    },
    { shopId: shop2Id, key: "home_title", value: "阿里山茶行｜茶山好物商城" },
    { shopId: shop2Id, key: "home_description", value: "阿里山上第三代茶農，親手採製的高山烏龍與金萱。" },
  ]);
}

/** Quick orders, promo images, dealers, promotions, ship methods and loyalty settings. */
export async function seedExtras(tx: Tx, images: Images) {
  const picks = await tx.select({ id: variants.id, productId: variants.productId }).from(variants).orderBy(variants.id);
  const firstVariant = (productId: number) => picks.find((v) => v.productId === productId);
  const quick = [
    [1, "阿里山金萱烏龍 隨手包"],
    [17, "土鳳梨酥 6 入"],
    [53, "春節好運禮盒"],
  ] as const;
  await tx.insert(quickOrders).values(
    quick.flatMap(([productId, title], i) => {
      const v = firstVariant(productId);
      return v ? [{ productId, variantId: v.id, title, image: images.square(`quick-${i}`, "box", 20 + i * 50, i), sort: i }] : [];
    }),
  );

  const single = images.banner("promo-single", 60);
  const twiceA = images.banner("promo-twice-a", 170);
  const twiceB = images.banner("promo-twice-b", 330);
  await tx.insert(promoImages).values([
    { slot: "single", title: "會員獨享 消費滿額送點數", image: single.desktop, imageMobile: single.mobile, link: "/register" },
    {
      slot: "twice",
      title: "茶具新品上市",
      image: twiceA.mobile,
      imageMobile: twiceA.mobile,
      link: "/product?parent_categry_id=14",
      sort: 0,
    },
    {
      slot: "twice",
      title: "在地小農好食",
      image: twiceB.mobile,
      imageMobile: twiceB.mobile,
      link: "/product?parent_categry_id=10",
      sort: 1,
    },
  ]);

  for (const [i, { outlets, productIds, ...d }] of DEMO_DEALERS.entries()) {
    const [dealer] = await tx
      .insert(dealers)
      .values({ ...d, image: images.square(`dealer-${i}`, "pot", 190 + i * 25, i), sort: i })
      .returning({ id: dealers.id });
    if (!dealer) throw new Error("dealer insert failed");
    await tx.insert(dealerOutlets).values(outlets.map((o, sort) => ({ ...o, dealerId: dealer.id, sort })));
    await tx.insert(dealerProducts).values(productIds.map((productId) => ({ dealerId: dealer.id, productId })));
  }

  const day = 86_400_000;
  const start = new Date(Date.now() - 7 * day);
  const end = new Date(Date.now() + 60 * day);
  for (const [i, p] of DEMO_PROMOTIONS.entries()) {
    const [row] = await tx
      .insert(promotions)
      .values({
        ...p.rule,
        title: p.title,
        summary: p.summary,
        description: sanitizeRichText(p.description),
        image: images.banner(`promotion-${i}`, 15 + i * 70).mobile,
        startsAt: start,
        endsAt: end,
      })
      .returning();
    if (row && p.productIds.length > 0) {
      await tx.insert(promotionProducts).values(p.productIds.map((productId) => ({ promotionId: row.id, productId })));
    }
  }

  await tx.insert(shipMethods).values(DEMO_SHIP_METHODS.map((m, i) => ({ ...m, sort: i })));
  await tx.insert(shopSettings).values([
    { shopId: 1, key: "team_point_level1", value: "5" },
    { shopId: 1, key: "team_point_level2", value: "2" },
  ]);
}
