// What bench/scale.ts measures at every size: the storefront's reads that grow with the
// catalogue (50 connections, each request with its own query string so no response cache
// answers) and the back office's that grow with orders and members (4 connections: a few staff).
import { TOPS } from "./data/words.js";

export interface Scenario {
  name: string;
  connections: number;
  path: () => string;
  token?: string;
}

const PER_PAGE = 20;
const taipeiDay = (daysAgo: number) => new Date(Date.now() + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

export function scenarios(ready: Record<string, number>, token: string): Scenario[] {
  let n = 0;
  const cold = () => `&cold=${n++}`;
  const span = (ready.maxId ?? 1) - (ready.minId ?? 1) + 1;
  const anyId = () => (ready.minId ?? 1) + ((n * 7919) % span);
  const lastPage = Math.max(1, Math.ceil((ready.categorySize ?? 1) / PER_PAGE));
  const sitemapFiles = Math.max(1, Math.ceil((ready.onSale ?? 1) / 50_000));
  const store = (name: string, path: () => string): Scenario => ({ name, connections: 50, path });
  const crawler = (name: string, path: () => string): Scenario => ({ name, connections: 4, path });
  const office = (name: string, path: () => string): Scenario => ({ name, connections: 4, path, token });
  const cat = ready.category;
  return [
    store("product detail, any product", () => `/api/product/get?id=${anyId()}${cold()}`),
    store("category page 1 (largest category)", () => `/api/category/find?id=${cat}&page=1${cold()}`),
    store("category page 50", () => `/api/category/find?id=${cat}&page=50${cold()}`),
    store(`category last page`, () => `/api/category/find?id=${cat}&page=${lastPage}${cold()}`),
    // The scenarios above ask fifty times for one page at once, which identical reads in flight
    // share (decision 110); this one and the varied search ask for a different one each time.
    store("category, a different page each request", () => {
      const page = 1 + ((n * 7919) % lastPage);
      return `/api/category/find?id=${cat}&page=${page}${cold()}`;
    }),
    store("search: common word 烏龍茶", () => `/api/product/search?keyword=${encodeURIComponent("烏龍茶")}${cold()}`),
    store(
      "search: rare words 沖繩 冷壓 蜂膠",
      () => `/api/product/search?keyword=${encodeURIComponent("沖繩 冷壓 蜂膠")}${cold()}`,
    ),
    store("search: one character 茶", () => `/api/product/search?keyword=${encodeURIComponent("茶")}${cold()}`),
    store(
      "search: typo 阿里山烏龍荼 (nothing close)",
      () => `/api/product/search?keyword=${encodeURIComponent("阿里山烏龍荼")}${cold()}`,
    ),
    store("search: typo of a common word 烏龍荼", () => `/api/product/search?keyword=${encodeURIComponent("烏龍荼")}${cold()}`),
    store("search, a different word each request", () => {
      const [top, goods] = TOPS[n % TOPS.length] ?? ["", []];
      const word = goods[Math.floor(n / TOPS.length) % goods.length] ?? top;
      return `/api/product/search?keyword=${encodeURIComponent(word)}&page=${1 + (n % 3)}${cold()}`;
    }),
    store("search suggestions 烏龍", () => `/api/product/search/fast?keyword=${encodeURIComponent("烏龍")}&limit=10${cold()}`),
    store("sub-mall home (sections, hot, recommended)", () => {
      const parts = ["home/search", "hot/search", "recommen/search"];
      return `/api/front/${parts[n % 3]}?shop_id=${ready.shop}${cold()}`;
    }),
    store("sub-mall category page 1", () => `/api/category/find?id=${cat}&page=1&shop_id=${ready.shop}${cold()}`),
    // Sitemaps are read by a few crawlers, not fifty shoppers: a products file is 50,000 URLs (~4.5 MB).
    crawler("sitemap index", () => `/sitemap.xml?${cold().slice(1)}`),
    crawler("sitemap file, the last", () => `/sitemaps/products-${sitemapFiles}.xml?${cold().slice(1)}`),
    office("back office: orders, 已完成, one month a year ago", () => {
      return `/api/admin/orders?status=completed&from=${taipeiDay(395)}&to=${taipeiDay(365)}&page=${1 + (n++ % 5)}`;
    }),
    office("back office: orders, all, page 1", () => "/api/admin/orders?page=1"),
    office("back office: member search by phone start", () => `/api/admin/members?q=097${String(n++ % 10_000).padStart(4, "0")}`),
    office(
      "back office: member search by name",
      () => `/api/admin/members?q=${encodeURIComponent(["陳志", "林怡", "美玲", "王"][n++ % 4] ?? "")}`,
    ),
    office("back office: dashboard", () => "/api/admin/dashboard"),
    office(
      "seller analytics, one month (largest sub-mall)",
      () => `/api/admin/shops/${ready.shop}/analytics?from=${taipeiDay(40)}&to=${taipeiDay(10)}`,
    ),
  ];
}
