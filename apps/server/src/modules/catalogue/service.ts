import type { Lang, ListingFilters, ProductCard, ProductSort } from "@shop/contract";
import { MAIN_SHOP_ID } from "@shop/contract";
import { eq, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { products } from "../../db/schema/index.js";
import { createListing } from "./listing.js";
import { createCartVariants, holdMinutes, packedUnits, pointPercent, productNames, variantsByIds } from "./lookups.js";
import { createProductDetail } from "./product-detail.js";
import { createProductSearch } from "./product-search.js";
import { adjustRating } from "./ratings.js";
import { refreshSearchIndex } from "./search-index.js";
import {
  type CatalogueDeps,
  type CategoryNode,
  cards,
  categoryPage,
  categoryTree,
  filtered,
  homeCategories,
  productView,
} from "./shelf.js";
import { createSubMallReach } from "./sub-mall-reach.js";
import { createSubMallShelves, type SectionKey } from "./sub-mall-shelf.js";

export type { CategoryNode };

/** The home page's first section's title, in both languages (a category section's are its names). */
const NEW_ARRIVALS = { title: "新品上市", title_en: "New arrivals" };

/** The storefront's catalogue; each read is a function of shelf.ts or lookups.ts taking `deps`. */
export function createCatalogueService(db: Db) {
  const onShelf = eq(products.status, "on");
  const reach = createSubMallReach(db);
  const inSubMall = reach.inSubMall;
  function inShop(shopId: number): SQL {
    return shopId === MAIN_SHOP_ID ? onShelf : inSubMall(shopId);
  }
  const productDetail = createProductDetail(db, onShelf, reach.walkingSubMall);
  const listing = createListing(db);
  const pagedCards = listing.pagedCards;
  const cartVariants = createCartVariants(db, onShelf, reach.walkingSubMall);
  const deps: CatalogueDeps = { db, onShelf, inSubMall, inShop, productDetail, listing, reach };
  const search = createProductSearch(db, { inShop, pagedCards, filtered });
  const shelves = createSubMallShelves(db, reach);

  /** A shelf tag's first cards: a sub-mall's from its kept shelf, the main mall's by its shelf index. */
  async function tagged(shopId: number, tag: "recommended" | "hot" | "new", limit: number) {
    const kept = shopId === MAIN_SHOP_ID ? undefined : await shelves.sections(shopId, [{ key: tag, limit }]);
    return kept?.get(tag) ?? cards(deps, shopId, { tag, limit });
  }

  return {
    cards: (shopId: number, opts: { tag?: string; limit: number; ids?: number[] }) => cards(deps, shopId, opts),
    recommended: (shopId: number, limit = 8) => tagged(shopId, "recommended", limit),
    hot: (shopId: number, limit = 8) => tagged(shopId, "hot", limit),
    newest: (shopId: number, limit = 8) => tagged(shopId, "new", limit),

    /**
     * The home page's sections: 新品上市 (8), then four 熱銷-first of each top-level category shown on
     * the home page (with its children's), empty sections left out. One statement for a sub-mall.
     */
    async homeSections(shopId: number): Promise<Array<{ title: string; title_en: string; products: ProductCard[] }>> {
      const all = await listing.categories();
      const tops = all.filter((c) => c.parentId === null && c.showOnHome);
      const asked: Array<{ key: SectionKey; limit: number; categoryIds?: number[] }> = [
        { key: "new", limit: 8 },
        ...tops.map((t) => ({
          key: t.id,
          limit: 4,
          categoryIds: [t.id, ...all.filter((c) => c.parentId === t.id).map((c) => c.id)],
        })),
      ];
      const kept = shopId === MAIN_SHOP_ID ? undefined : await shelves.sections(shopId, asked);
      const sections = kept
        ? [
            { ...NEW_ARRIVALS, products: kept.get("new") ?? [] },
            ...tops.map((t) => ({ title: t.name, title_en: t.nameEn, products: kept.get(t.id) ?? [] })),
          ]
        : await Promise.all([
            cards(deps, shopId, { tag: "new", limit: 8 }).then((products) => ({ ...NEW_ARRIVALS, products })),
            ...tops.map(async (t) => ({
              title: t.name,
              title_en: t.nameEn,
              products: (await categoryPage(deps, t.id, shopId, 1, 4, "hot", {}, false)).list,
            })),
          ]);
      return sections.filter((s) => s.products.length > 0);
    },

    /** Drops what listings remember (counts, the category tree): after any catalogue write. */
    forgetListings: () => {
      listing.forget();
      reach.forget();
      shelves.forget();
      search.forgetSearches();
    },

    homeCategories: () => homeCategories(deps),
    categoryTree: (): Promise<CategoryNode[]> => categoryTree(deps),
    categoryPage: (id: number, shopId: number, page: number, perPage: number, sort: ProductSort, filters: ListingFilters = {}) =>
      categoryPage(deps, id, shopId, page, perPage, sort, filters),
    product: (id: number, shopId: number) => productView(deps, id, shopId),
    /** How many statements product pages took so far (product-detail.ts; fewer than pages when they came together). */
    productDetailStatements: () => productDetail.statements(),

    ...search,

    variantsForCart: cartVariants,
    variantsByIds: (ids: number[]) => variantsByIds(deps, ids),
    packedUnits: (of: { productId: number } | { variantIds: number[] }) => packedUnits(deps, of),
    productNames: (ids: number[], lang?: Lang) => productNames(deps, ids, lang),
    holdMinutes: (productIds: number[]) => holdMinutes(deps, productIds),
    pointPercent: (productId: number) => pointPercent(deps, productId),
    refreshSearchIndex: (q: Db | Tx = db, productIds?: number[]) => refreshSearchIndex(q, productIds),
    /** Approved reviews' counters, in the reviews flow's transaction (decision 98). */
    adjustRating,
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
