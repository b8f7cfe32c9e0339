import type { categoryInput, ProductInput } from "@shop/contract/admin";
import { asc, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { categories } from "../../db/schema/index.js";
import { adminTable } from "../../lib/admin-table.js";
import { fieldError } from "../../lib/errors.js";
import {
  type CatalogueAdminDeps,
  createProduct,
  listCategories,
  listProducts,
  lowStock,
  missingIds,
  type ProductAdminView,
  productAdminView,
  productOfVariant,
  updateProduct,
} from "./product-admin.js";
import type { CatalogueService } from "./service.js";

/**
 * The catalogue as staff edit it: products with their variants, images and the sub-malls that
 * sell them. Prices are the variants'; a product's own price and list price follow its cheapest
 * variant, so listings and cards always match what the cart will charge. Products are edited
 * by the functions of product-admin.ts; categories through their admin table.
 */
export function createCatalogueAdmin(db: Db, catalogue: CatalogueService) {
  const categoryTable = adminTable(db, {
    table: categories,
    missing: "找不到此分類",
    view: async (c: typeof categories.$inferSelect, q) => {
      const parent = c.parentId ? (await q.select().from(categories).where(eq(categories.id, c.parentId)))[0] : undefined;
      return {
        id: c.id,
        name: c.name,
        name_en: c.nameEn,
        parent_id: c.parentId,
        full_name: parent ? `${parent.name} › ${c.name}` : c.name,
        image: c.image,
        sort: c.sort,
        show_on_home: c.showOnHome,
      };
    },
    columns: (c: z.infer<typeof categoryInput>) => ({
      name: c.name,
      nameEn: c.name_en,
      parentId: c.parent_id,
      image: c.image,
      sort: c.sort,
      showOnHome: c.show_on_home,
    }),
    orderBy: [asc(categories.parentId), asc(categories.sort), asc(categories.id)] as SQL[],
    // The tree has two levels: a parent must be a top-level category, and a parent cannot move under another.
    async check(tx, c, id) {
      if (c.parent_id === null) return;
      if (c.parent_id === id) throw fieldError("parent_id", "分類不可設為自己的子分類");
      const [parent] = await tx.select().from(categories).where(eq(categories.id, c.parent_id));
      if (!parent) throw fieldError("parent_id", "找不到上層分類");
      if (parent.parentId !== null) throw fieldError("parent_id", "上層分類須為第一層分類");
      if (id !== null) {
        const [child] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id)).limit(1);
        if (child) throw fieldError("parent_id", "此分類底下還有子分類，不能移到其他分類之下");
      }
    },
  });
  const deps: CatalogueAdminDeps = { db, catalogue };

  return {
    view: (id: number) => productAdminView(db, id),
    list: (filter: { q?: string; category_id?: number; status?: "on" | "off" }, page: number, perPage: number) =>
      listProducts(deps, filter, page, perPage),
    create: (input: ProductInput, audit: (tx: Tx, after: ProductAdminView) => Promise<void>) => createProduct(deps, input, audit),
    update: (
      id: number,
      input: ProductInput,
      audit: (tx: Tx, before: ProductAdminView, after: ProductAdminView) => Promise<void>,
    ) => updateProduct(deps, id, input, audit),

    category: categoryTable.get,
    createCategory: categoryTable.create,
    updateCategory: categoryTable.update,
    categories: () => listCategories(deps),

    lowStock: (limit: number) => lowStock(deps, limit),
    missing: (kind: "product" | "variant" | "category", ids: number[]) => missingIds(deps, kind, ids),
    productOfVariant: (variantId: number) => productOfVariant(deps, variantId),
  };
}

export type CatalogueAdmin = ReturnType<typeof createCatalogueAdmin>;
