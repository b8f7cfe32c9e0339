import type { ListingFilters, ProductSort } from "@shop/contract";
import { MAIN_SHOP_ID } from "@shop/contract";
import { eq, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { products } from "../../db/schema/index.js";
import { createListing } from "./listing.js";
import { holdMinutes, packedUnits, pointPercent, productNames, variantsByIds, variantsForCart } from "./lookups.js";
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
  prepareProductDetail,
  productView,
} from "./shelf.js";
import { createSubMallReach } from "./sub-mall-reach.js";

export type { CategoryNode };

/** The storefront's catalogue; each read is a function of shelf.ts or lookups.ts taking `deps`. */
export function createCatalogueService(db: Db) {
  const onShelf = eq(products.status, "on");
  const reach = createSubMallReach(db);
  const inSubMall = reach.inSubMall;
  function inShop(shopId: number): SQL {
    return shopId === MAIN_SHOP_ID ? onShelf : inSubMall(shopId);
  }
  const productDetail = prepareProductDetail(db, onShelf, inSubMall);
  const listing = createListing(db);
  const pagedCards = listing.pagedCards;
  const deps: CatalogueDeps = { db, onShelf, inSubMall, inShop, productDetail, listing, reach };
  const search = createProductSearch(db, { inShop, pagedCards, filtered });

  return {
    cards: (shopId: number, opts: { tag?: string; limit: number; ids?: number[] }) => cards(deps, shopId, opts),
    recommended: (shopId: number, limit = 8) => cards(deps, shopId, { tag: "recommended", limit }),
    hot: (shopId: number, limit = 8) => cards(deps, shopId, { tag: "hot", limit }),
    newest: (shopId: number, limit = 8) => cards(deps, shopId, { tag: "new", limit }),

    /** Drops what listings remember (counts, the category tree): after any catalogue write. */
    forgetListings: () => {
      listing.forget();
      reach.forget();
      search.forgetSearches();
    },

    homeCategories: () => homeCategories(deps),
    categoryTree: (): Promise<CategoryNode[]> => categoryTree(deps),
    categoryPage: (id: number, shopId: number, page: number, perPage: number, sort: ProductSort, filters: ListingFilters = {}) =>
      categoryPage(deps, id, shopId, page, perPage, sort, filters),
    /** A category's first cards in the shop, uncounted: a home page section. */
    categoryCards: async (id: number, shopId: number, limit: number, sort: ProductSort) =>
      (await categoryPage(deps, id, shopId, 1, limit, sort, {}, false)).list,
    product: (id: number, shopId: number) => productView(deps, id, shopId),

    ...search,

    variantsForCart: (ids: number[], shopId: number) => variantsForCart(deps, ids, shopId),
    variantsByIds: (ids: number[]) => variantsByIds(deps, ids),
    packedUnits: (of: { productId: number } | { variantIds: number[] }) => packedUnits(deps, of),
    productNames: (ids: number[]) => productNames(deps, ids),
    holdMinutes: (productIds: number[]) => holdMinutes(deps, productIds),
    pointPercent: (productId: number) => pointPercent(deps, productId),
    refreshSearchIndex: (q: Db | Tx = db, productIds?: number[]) => refreshSearchIndex(q, productIds),
    /** Approved reviews' counters, in the reviews flow's transaction (decision 98). */
    adjustRating,
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
