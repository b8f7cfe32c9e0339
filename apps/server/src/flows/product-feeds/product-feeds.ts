import { MAIN_SHOP_ID } from "@shop/contract";
import type { CatalogueFeed, FeedRow } from "../../modules/catalogue/feed.js";

/** Variants read per query while a feed streams out (constant memory whatever the catalogue's size). */
const PAGE = 500;

/** Each platform's field limits (characters), from their product data specifications (decision 99). */
export const LIMITS = {
  google: { id: 50, title: 150, description: 5000, link: 2000, brand: 70, itemGroupId: 50 },
  meta: { id: 100, title: 200, description: 9999, link: 2000, brand: 100, itemGroupId: 100 },
} as const;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Text of sanitised HTML: tags dropped, entities decoded, white space collapsed, cut to `max` characters. */
export function plainText(html: string, max: number): string {
  const text = html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === "#") {
        const code = e[1]?.toLowerCase() === "x" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : " ";
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    // Control characters are not allowed in XML 1.0 and break CSV readers.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

const xml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);
const csv = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const money = (n: number) => `${n} TWD`;

/** What every item says, whichever the platform: computed once per variant. */
function itemOf(r: FeedRow, base: string, brandName: string) {
  const abs = (path: string) => (/^https?:\/\//.test(path) ? path : `${base.replace(/\/shop_\d+$/, "")}${path}`);
  // Uploads are WebP; the link-preview route gives a JPEG every platform takes (1200×630, never cropped).
  const image = r.image.startsWith("/uploads/") ? abs(`/og${r.image}.jpg`) : abs(r.image);
  const onSale = r.price < r.listPrice;
  const title = r.siblings > 1 ? `${r.name} ${r.variantName}` : r.name;
  return {
    id: `${r.productId}-${r.variantId}`,
    title,
    description: r.description,
    availability: r.stock > 0 ? "in" : r.preorderOpen ? "preorder" : "out",
    availabilityDate: r.preorderShipOn,
    price: onSale ? r.listPrice : r.price,
    salePrice: onSale ? r.price : null,
    link: `${base}/product/detailsChild?id=${r.productId}&variant=${r.variantId}`,
    image,
    brand: r.brand || brandName,
    gtin: /^\d{8,14}$/.test(r.gtin) ? r.gtin : "",
    group: r.siblings > 1 ? String(r.productId) : "",
  };
}

/**
 * Google Merchant Center (RSS 2.0, g: namespace) and Meta catalogue (CSV) feeds of a shop's
 * variants on sale (decision 99): `/feeds/google.xml` and `/feeds/meta.csv`, `?shop=N` for a
 * sub-mall (its own domain when it has one). Streamed a page of variants at a time.
 */
export function createProductFeeds(d: {
  catalogue: CatalogueFeed;
  openShops: () => Promise<Array<{ id: number; name?: string }>>;
  /** A sub-mall's own domain, "" for none. */
  domainOf: (shopId: number) => Promise<string>;
  brandName: string;
}) {
  /** The shop's storefront base URL, or null when it is not open. */
  async function baseOf(origin: string, shopId: number): Promise<string | null> {
    if (!(await d.openShops()).some((s) => s.id === shopId)) return null;
    if (shopId === MAIN_SHOP_ID) return origin;
    const domain = await d.domainOf(shopId);
    return `${domain ? `https://${domain}` : origin}/shop_${shopId}`;
  }

  async function* rows(shopId: number) {
    let after = 0;
    for (;;) {
      const page = await d.catalogue.variantsAfter(shopId, after, PAGE);
      if (page.length === 0) return;
      yield page;
      after = page[page.length - 1]?.variantId ?? after;
      if (page.length < PAGE) return;
    }
  }

  return {
    async google(origin: string, shopId: number): Promise<AsyncIterable<string> | null> {
      const base = await baseOf(origin, shopId);
      if (base === null) return null;
      const L = LIMITS.google;
      const brandName = d.brandName;
      async function* stream() {
        yield `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n<title>${xml(brandName)}</title>\n<link>${xml(`${base}/`)}</link>\n<description>${xml(`${brandName} 商品`)}</description>\n`;
        for await (const page of rows(shopId)) {
          let out = "";
          for (const r of page) {
            const i = itemOf(r, base as string, brandName);
            const title = plainText(i.title, L.title);
            const tags = [
              ["g:id", i.id.slice(0, L.id)],
              ["g:title", title],
              ["g:description", plainText(i.description, L.description) || title],
              ["g:link", i.link],
              ["g:image_link", i.image],
              [
                "g:availability",
                i.availability === "in" ? "in_stock" : i.availability === "preorder" ? "preorder" : "out_of_stock",
              ],
              ...(i.availability === "preorder" && i.availabilityDate
                ? [["g:availability_date", `${i.availabilityDate}T00:00+08:00`]]
                : []),
              ["g:price", money(i.price)],
              ...(i.salePrice !== null ? [["g:sale_price", money(i.salePrice)]] : []),
              ["g:brand", plainText(i.brand, L.brand)],
              ...(i.gtin ? [["g:gtin", i.gtin]] : [["g:identifier_exists", "no"]]),
              ["g:condition", "new"],
              ...(i.group ? [["g:item_group_id", i.group]] : []),
            ];
            out += `<item>${tags.map(([k, v]) => `<${k}>${xml(v ?? "")}</${k}>`).join("")}</item>\n`;
          }
          yield out;
        }
        yield "</channel>\n</rss>\n";
      }
      return stream();
    },

    async meta(origin: string, shopId: number): Promise<AsyncIterable<string> | null> {
      const base = await baseOf(origin, shopId);
      if (base === null) return null;
      const L = LIMITS.meta;
      const brandName = d.brandName;
      async function* stream() {
        yield `${META_COLUMNS.join(",")}\n`;
        for await (const page of rows(shopId)) {
          let out = "";
          for (const r of page) {
            const i = itemOf(r, base as string, brandName);
            const title = plainText(i.title, L.title);
            const cells = [
              i.id,
              title,
              plainText(i.description, L.description) || title,
              i.availability === "in" ? "in stock" : i.availability === "preorder" ? "preorder" : "out of stock",
              "new",
              money(i.price),
              i.link,
              i.image,
              plainText(i.brand, L.brand),
              i.salePrice !== null ? money(i.salePrice) : "",
              i.group,
              i.gtin,
            ];
            out += `${cells.map(csv).join(",")}\n`;
          }
          yield out;
        }
      }
      return stream();
    },
  };
}

/** Meta's catalogue columns, in the order the file lists them. */
export const META_COLUMNS = [
  "id",
  "title",
  "description",
  "availability",
  "condition",
  "price",
  "link",
  "image_link",
  "brand",
  "sale_price",
  "item_group_id",
  "gtin",
] as const;

export type ProductFeeds = ReturnType<typeof createProductFeeds>;
