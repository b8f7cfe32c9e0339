import { type Lang, MAIN_SHOP_ID } from "@shop/contract";
import { shopPagePath } from "@shop/contract/links";
import type { CatalogueSitemap } from "../../modules/catalogue/sitemap.js";

/** sitemaps.org: at most 50,000 URLs per file. */
const URLS_PER_FILE = 50_000;
/** Products read per query while a products file streams out. */
const BATCH = 1_000;
/**
 * How long the product count and the files' first ids are reused (any catalogue write drops them
 * sooner): counting a million products for every crawler's fetch of the index cost seconds.
 */
const FILES_TTL_MS = 10 * 60_000;

interface ProductFiles {
  total: number;
  /** The last id of each full file: file n + 1 starts after ends[n - 1]. */
  ends: number[];
}

type Entry = { path: string; lastmod?: Date };

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);
const day = (d: Date) => d.toISOString().slice(0, 10);
/** The file of a language: `shop-2.xml` is zh-TW, `shop-2-en.xml` English. */
const fileOf = (name: string, lang: Lang) => `/sitemaps/${name}${lang === "en" ? "-en" : ""}.xml`;

/**
 * robots.txt and the sitemaps (decision 43): `/sitemap.xml` is an index of one pages file per open
 * shop (home, category pages, its own news and static pages) and the main mall's products in files
 * of 50,000. A sub-mall's product pages are copies whose canonical URL is the main mall's, so they
 * are listed once, there — unless the sub-mall has its own domain (decision 48): then its pages file
 * lists its pages, products included, on that domain (which serves this site's robots.txt, naming
 * this index: a valid cross-host submission). Products stream out a batch at a time: 100,000 of
 * them never sit in memory. Every file is there twice: the zh-TW pages and the English ones under
 * `/en` (`…-en.xml`, decision 109).
 */
export function createSitemaps(d: {
  catalogue: CatalogueSitemap;
  openShops: () => Promise<Array<{ id: number; createdAt: Date }>>;
  ownContent: (shopId: number) => Promise<{
    news: Array<{ id: number; publishedAt: Date }>;
    pages: Array<{ key: string; updatedAt: Date }>;
  }>;
  /** A sub-mall's own domain, "" for none. */
  domainOf: (shopId: number) => Promise<string>;
  now?: () => Date;
}) {
  const now = d.now ?? (() => new Date());
  let files: { madeAt: number; files: Promise<ProductFiles> } | undefined;
  /** The product files' sizes, made by one count and one pass, shared and reused for FILES_TTL_MS. */
  function productFiles(): Promise<ProductFiles> {
    const at = now().getTime();
    if (files && at - files.madeAt < FILES_TTL_MS) return files.files;
    const made = Promise.all([d.catalogue.productCount(), d.catalogue.fileEnds(URLS_PER_FILE)]).then(([total, ends]) => ({
      total,
      ends,
    }));
    const entry = { madeAt: at, files: made };
    files = entry;
    made.catch(() => {
      if (files === entry) files = undefined;
    });
    return made;
  }

  function url(origin: string, e: Entry) {
    const lastmod = e.lastmod ? `<lastmod>${day(e.lastmod)}</lastmod>` : "";
    return `<url><loc>${escapeXml(origin + e.path)}</loc>${lastmod}</url>\n`;
  }
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  const tail = "</urlset>\n";

  async function pageEntries(shopId: number, withProducts: boolean, lang: Lang): Promise<Entry[]> {
    const base = shopPagePath(shopId, lang);
    const main = shopId === MAIN_SHOP_ID;
    const [categories, own] = await Promise.all([d.catalogue.categoryPages(main ? undefined : shopId), d.ownContent(shopId)]);
    const newest = [...categories.map((c) => c.updatedAt), ...own.news.map((n) => n.publishedAt)].sort((a, b) => +b - +a)[0];
    const entries: Entry[] = [{ path: `${base}/`, lastmod: newest }];
    if (main) entries.push({ path: `${base}/activity` }, { path: `${base}/dealer/list` });
    for (const c of categories) entries.push({ path: `${base}/product?parent_categry_id=${c.id}`, lastmod: c.updatedAt });
    if (own.news.length > 0) {
      entries.push({ path: `${base}/news`, lastmod: own.news.map((n) => n.publishedAt).sort((a, b) => +b - +a)[0] });
      for (const n of own.news) entries.push({ path: `${base}/news/details?id=${n.id}`, lastmod: n.publishedAt });
    }
    for (const p of own.pages) {
      const path = p.key === "terms" || p.key === "policy" ? `/${p.key}` : `/content?key=${encodeURIComponent(p.key)}`;
      entries.push({ path: `${base}${path}`, lastmod: p.updatedAt });
    }
    if (withProducts)
      for (const p of await d.catalogue.shopProducts(shopId, URLS_PER_FILE - entries.length))
        entries.push({ path: `${base}/product/details?id=${p.id}`, lastmod: p.updatedAt });
    return entries;
  }

  return {
    robots(origin: string) {
      return [
        "User-agent: *",
        "Allow: /",
        "Disallow: /api/",
        "Disallow: /admin",
        "Disallow: /cart",
        "Disallow: /select_cart",
        "Disallow: /orderfinish",
        "Disallow: /member",
        "Disallow: /order_detail",
        "Disallow: /order_search",
        "Disallow: /order_delivery",
        "Disallow: /*/cart",
        "Disallow: /*/select_cart",
        "Disallow: /*/orderfinish",
        "Disallow: /*/member",
        "Disallow: /*/order_detail",
        "Disallow: /*/order_search",
        "Disallow: /*/order_delivery",
        // A sub-mall's English pages (/shop_2/en/…).
        "Disallow: /*/*/cart",
        "Disallow: /*/*/select_cart",
        "Disallow: /*/*/orderfinish",
        "Disallow: /*/*/member",
        "Disallow: /*/*/order_detail",
        "Disallow: /*/*/order_search",
        "Disallow: /*/*/order_delivery",
        "",
        `Sitemap: ${origin}/sitemap.xml`,
        "",
      ].join("\n");
    },

    /** Drops the remembered product files: after any catalogue write. */
    forget() {
      files = undefined;
    },

    async index(origin: string) {
      const [shops, { total: products }] = await Promise.all([d.openShops(), productFiles()]);
      const files: string[] = [];
      for (const lang of ["zh-TW", "en"] as const) {
        for (const s of shops) files.push(fileOf(`shop-${s.id}`, lang));
        // A urlset needs at least one url: no products, no product file.
        for (let n = 1; n <= Math.ceil(products / URLS_PER_FILE); n++) files.push(fileOf(`products-${n}`, lang));
      }
      const today = day(now());
      const body = files
        .map((f) => `<sitemap><loc>${escapeXml(origin + f)}</loc><lastmod>${today}</lastmod></sitemap>\n`)
        .join("");
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}</sitemapindex>\n`;
    },

    /** One shop's pages, or null when the shop is not open. */
    async shopPages(origin: string, shopId: number, lang: Lang = "zh-TW"): Promise<string | null> {
      if (!(await d.openShops()).some((s) => s.id === shopId)) return null;
      const domain = await d.domainOf(shopId);
      const entries = await pageEntries(shopId, domain !== "", lang);
      return head + entries.map((e) => url(domain ? `https://${domain}` : origin, e)).join("") + tail;
    },

    /** The n-th file of main-mall product pages, streamed; null past the last file. */
    async products(origin: string, n: number, lang: Lang = "zh-TW"): Promise<AsyncGenerator<string> | null> {
      const { total, ends } = await productFiles();
      if (!Number.isInteger(n) || n < 1 || (n - 1) * URLS_PER_FILE >= total) return null;
      const catalogue = d.catalogue;
      // The file starts after the previous file's last id: one seek.
      const previousEnd = n === 1 ? 0 : ends[n - 2];
      if (previousEnd === undefined) return null;
      const start: number = previousEnd;
      async function* stream() {
        yield head;
        let after = start;
        let left = URLS_PER_FILE;
        while (left > 0) {
          const rows = await catalogue.productsAfter(after, Math.min(BATCH, left));
          if (rows.length === 0) break;
          const base = shopPagePath(MAIN_SHOP_ID, lang);
          yield rows.map((p) => url(origin, { path: `${base}/product/details?id=${p.id}`, lastmod: p.updatedAt })).join("");
          after = rows[rows.length - 1]?.id ?? after;
          left -= rows.length;
        }
        yield tail;
      }
      return stream();
    },
  };
}
export type Sitemaps = ReturnType<typeof createSitemaps>;
