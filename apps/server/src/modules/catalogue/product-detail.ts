import { MAIN_SHOP_ID } from "@shop/contract";
import DataLoader from "dataloader";
import { and, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { productImages, products, type variants } from "../../db/schema/index.js";

/** A variant as the product statement's JSON carries it. */
type VariantRow = Pick<typeof variants.$inferSelect, "id" | "sku" | "name" | "price" | "listPrice" | "stock" | "image"> & {
  /** Sold out with pre-order room left (decision 96): the expected ship date; else null. */
  preorderShipOn: string | null;
};

/**
 * Product pages read together (decision 110): the products asked for while a read is being
 * prepared — one event-loop turn — go to PostgreSQL as one prepared statement (`id = any($ids)`),
 * one per shop. A statement's own cost (a round trip, its system calls, a backend woken) is what
 * a product page spends most on, so fifty shoppers opening fifty products cost a few statements,
 * not fifty. Nothing is kept: each read is answered by a statement begun after it was asked.
 * The breadcrumb's categories are not joined: the caller has them in memory.
 */
export function createProductDetail(db: Db, onShelf: SQL, walkingSubMall: (shop: unknown) => SQL) {
  const statement = (shopCondition: SQL) =>
    db
      .select({
        id: products.id,
        categoryId: products.categoryId,
        name: products.name,
        subtitle: products.subtitle,
        description: products.description,
        nameEn: products.nameEn,
        subtitleEn: products.subtitleEn,
        descriptionEn: products.descriptionEn,
        image: products.image,
        price: products.price,
        listPrice: products.listPrice,
        pointPercent: products.pointPercent,
        tags: products.tags,
        perOrderLimit: products.perOrderLimit,
        perMemberLimit: products.perMemberLimit,
        holdMinutes: products.holdMinutes,
        images: sql<string[]>`(select coalesce(json_agg(i.url order by i.sort, i.id), '[]'::json)
          from ${productImages} i where i.product_id = ${products}.id)`,
        variants: sql<VariantRow[]>`(select coalesce(json_agg(json_build_object('id', v.id, 'sku', v.sku,
          'name', v.name, 'price', v.price, 'listPrice', v.list_price, 'stock', v.stock, 'image', v.image,
          'preorderShipOn', case when v.stock <= 0 and v.preorder_waiting < v.preorder_cap then v.preorder_ship_on end)
          order by v.sort, v.id), '[]'::json) from variants v where v.product_id = ${products}.id)`,
      })
      .from(products)
      .where(and(sql`${products.id} = any(${sql.placeholder("ids")}::int[])`, shopCondition));
  const main = statement(onShelf).prepare("catalogue_product_main");
  // A sub-mall's test per product (the walking form): planned once for any shop, the selection's
  // form merged the ids with the shop's whole selection (sub-mall-shelf.ts found the same).
  const subMall = statement(walkingSubMall(sql.placeholder("shopId"))).prepare("catalogue_product_sub_mall");
  type Row = Awaited<ReturnType<typeof main.execute>>[number];

  let statements = 0;
  const loader = new DataLoader<{ id: number; shopId: number }, Row | undefined>(
    async (keys) => {
      const byShop = new Map<number, number[]>();
      for (const k of keys) {
        const ids = byShop.get(k.shopId);
        if (ids) ids.push(k.id);
        else byShop.set(k.shopId, [k.id]);
      }
      const found = new Map<string, Row>();
      // Each shop's statement on its own: one that fails fails only its own pages.
      const failed = new Map<number, Error>();
      await Promise.all(
        [...byShop].map(async ([shopId, ids]) => {
          const unique = [...new Set(ids)];
          statements++;
          try {
            const rows =
              shopId === MAIN_SHOP_ID ? await main.execute({ ids: unique }) : await subMall.execute({ ids: unique, shopId });
            for (const row of rows) found.set(`${shopId}:${row.id}`, row);
          } catch (error) {
            failed.set(shopId, error instanceof Error ? error : new Error(String(error)));
          }
        }),
      );
      return keys.map((k) => failed.get(k.shopId) ?? found.get(`${k.shopId}:${k.id}`));
    },
    // No memo: a read never sees an answer older than itself. Batches close at the end of the
    // event-loop turn (setImmediate), when every request that arrived in it has asked.
    { cache: false, maxBatchSize: 100, batchScheduleFn: (run) => setImmediate(run) },
  );

  return {
    /** The product as the page shows it, or undefined when not on shelf in that shop (MAIN_SHOP_ID: the main mall). */
    read: (id: number, shopId: number) => loader.load({ id, shopId }),
    /** How many statements the reads so far took (fewer than reads when they came together). */
    statements: () => statements,
  };
}
