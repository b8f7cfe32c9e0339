import type { CartLine, CartView } from "@shop/contract";
import { MAX_LINE_QTY } from "@shop/contract";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { cartLines, carts } from "../../db/schema/index.js";
import { newToken, sha256 } from "../../lib/crypto.js";
import { conflict, notFound } from "../../lib/errors.js";
import type { CatalogueService } from "../catalogue/service.js";

/** Who the cart belongs to: a signed-in member, or a visitor holding a cart token. */
export interface CartOwner {
  memberId?: number;
  token?: string;
}

/** What the cart's functions use, built by createCartService. */
export interface CartDeps {
  db: Db;
  catalogue: CatalogueService;
}

type Cart = typeof carts.$inferSelect;

/** The token a cart view carries back: a visitor's own, never a member's. */
const tokenOf = (owner: CartOwner) => (owner.memberId === undefined ? (owner.token ?? null) : null);

async function find(deps: CartDeps, owner: CartOwner): Promise<Cart | undefined> {
  if (owner.memberId !== undefined) {
    return (await deps.db.select().from(carts).where(eq(carts.memberId, owner.memberId)))[0];
  }
  if (!owner.token) return undefined;
  return (
    await deps.db
      .select()
      .from(carts)
      .where(and(eq(carts.tokenHash, sha256(owner.token)), isNull(carts.memberId)))
  )[0];
}

/** The owner's cart, created on first use; a visitor without a token gets a new one. */
async function findOrCreate(deps: CartDeps, owner: CartOwner, shopId: number): Promise<{ cart: Cart; token: string | null }> {
  const existing = await find(deps, owner);
  if (existing) return { cart: existing, token: owner.memberId === undefined ? (owner.token ?? null) : null };
  const token = owner.memberId === undefined ? newToken() : null;
  const [cart] = await deps.db
    .insert(carts)
    .values({ memberId: owner.memberId ?? null, tokenHash: token ? sha256(token) : null, shopId })
    .onConflictDoNothing()
    .returning();
  // Two first requests of one member at once: the other insert won; use its cart.
  const created = cart ?? (await find(deps, owner));
  if (!created) throw new Error("cart could not be created");
  return { cart: created, token };
}

type Sellable = {
  stock: number;
  perOrderLimit: number | null;
  sellable: boolean;
  preorderCap: number | null;
  preorderWaiting: number;
};
/** Units beyond stock still open for pre-order (decision 96). */
const preorderRoom = (v: Sellable) => (v.preorderCap === null ? 0 : Math.max(0, v.preorderCap - v.preorderWaiting));
/** The most of a variant one order may take now: stock and pre-order room, the product's limit and the line cap. */
const maxQty = (v: Sellable) =>
  v.sellable ? Math.max(0, Math.min(Math.max(v.stock, 0) + preorderRoom(v), v.perOrderLimit ?? MAX_LINE_QTY, MAX_LINE_QTY)) : 0;

/** Lines with today's price and stock, judged in the cart's own shop. */
async function cartView(deps: CartDeps, cart: Cart | undefined, token: string | null): Promise<CartView> {
  if (!cart) return { cart_token: token, lines: [], selected_count: 0, goods_amount: 0 };
  const rows = await deps.db.select().from(cartLines).where(eq(cartLines.cartId, cart.id)).orderBy(asc(cartLines.id));
  const live = new Map(
    (
      await deps.catalogue.variantsForCart(
        rows.map((r) => r.variantId),
        cart.shopId,
      )
    ).map((v) => [v.id, v]),
  );
  const lines: CartLine[] = rows.flatMap((r) => {
    const v = live.get(r.variantId);
    if (!v) return [];
    const max = maxQty(v);
    return [
      {
        line_id: r.id,
        variant_id: r.variantId,
        product_id: v.productId,
        name: v.name,
        variant_name: v.variantName,
        image: v.image,
        price: v.price,
        list_price: v.listPrice,
        qty: r.qty,
        subtotal: v.price * r.qty,
        selected: r.selected,
        stock_state: v.stockState,
        available: max > 0 && r.qty <= max,
        max_qty: max,
        // Some of these units would be pre-order units: the line says when they ship.
        ...(r.qty > v.stock && v.preorderCap !== null && v.preorderShipOn ? { preorder_ship_on: v.preorderShipOn } : {}),
      },
    ];
  });
  const chosen = lines.filter((l) => l.selected && l.available);
  return {
    cart_token: token,
    lines,
    selected_count: chosen.length,
    goods_amount: chosen.reduce((sum, l) => sum + l.subtotal, 0),
  };
}

async function ownLine(deps: CartDeps, owner: CartOwner, lineId: number) {
  const cart = await find(deps, owner);
  const line = cart
    ? (
        await deps.db
          .select()
          .from(cartLines)
          .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cart.id)))
      )[0]
    : undefined;
  if (!cart || !line) throw notFound("CART_LINE_NOT_FOUND", "找不到此購物車項目");
  return { cart, line };
}

async function checkQty(deps: CartDeps, variantId: number, qty: number, shopId: number) {
  const [v] = await deps.catalogue.variantsForCart([variantId], shopId);
  if (!v?.sellable) throw notFound("PRODUCT_NOT_FOUND", "找不到此商品，可能已下架");
  const max = maxQty(v);
  if (max === 0) throw conflict("VARIANT_SOLD_OUT", "此規格已售完");
  if (v.perOrderLimit !== null && qty > v.perOrderLimit)
    throw conflict("PER_ORDER_LIMIT_EXCEEDED", `此商品每筆訂單限購 ${v.perOrderLimit} 件`);
  if (qty > max) throw conflict("INSUFFICIENT_STOCK", `庫存不足，目前最多可購買 ${max} 件`);
}

export async function searchCart(deps: CartDeps, owner: CartOwner): Promise<CartView> {
  return cartView(deps, await find(deps, owner), tokenOf(owner));
}

/** The cart's content changed: the abandoned-cart reminder (decision 97) counts its idle hours from here. */
async function touch(q: Db | Tx, cartId: number) {
  await q.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/** Adds to the line of that variant (or creates it); the total must be buyable now. */
export async function addToCart(
  deps: CartDeps,
  owner: CartOwner,
  shopId: number,
  variantId: number,
  qty: number,
): Promise<CartView> {
  const { cart, token } = await findOrCreate(deps, owner, shopId);
  const [line] = await deps.db
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cart.id), eq(cartLines.variantId, variantId)));
  const total = (line?.qty ?? 0) + qty;
  await checkQty(deps, variantId, total, cart.shopId);
  await deps.db
    .insert(cartLines)
    .values({ cartId: cart.id, variantId, qty: total })
    .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.variantId], set: { qty: total, selected: true } });
  await touch(deps.db, cart.id);
  return cartView(deps, cart, token);
}

export async function updateLine(
  deps: CartDeps,
  owner: CartOwner,
  lineId: number,
  change: { qty?: number; selected?: boolean },
): Promise<CartView> {
  const { cart, line } = await ownLine(deps, owner, lineId);
  if (change.qty !== undefined) await checkQty(deps, line.variantId, change.qty, cart.shopId);
  await deps.db
    .update(cartLines)
    .set({
      ...(change.qty !== undefined ? { qty: change.qty } : {}),
      ...(change.selected !== undefined ? { selected: change.selected } : {}),
    })
    .where(eq(cartLines.id, line.id));
  await touch(deps.db, cart.id);
  return cartView(deps, cart, tokenOf(owner));
}

/** Removes the caller's own lines; ids of other carts are a 404 and nothing is removed. */
export async function removeLines(deps: CartDeps, owner: CartOwner, lineIds: number[]): Promise<CartView> {
  const cart = await find(deps, owner);
  const own = cart
    ? await deps.db
        .select({ id: cartLines.id })
        .from(cartLines)
        .where(and(eq(cartLines.cartId, cart.id), inArray(cartLines.id, lineIds)))
    : [];
  if (!cart || own.length !== new Set(lineIds).size) throw notFound("CART_LINE_NOT_FOUND", "找不到此購物車項目");
  await deps.db.delete(cartLines).where(and(eq(cartLines.cartId, cart.id), inArray(cartLines.id, lineIds)));
  await touch(deps.db, cart.id);
  return cartView(deps, cart, tokenOf(owner));
}

/** The owner's lines chosen for checkout; any id not in their cart is a 404. */
export async function linesFor(
  deps: CartDeps,
  owner: CartOwner,
  lineIds: number[],
): Promise<Array<{ lineId: number; variantId: number; qty: number }>> {
  const cart = await find(deps, owner);
  const rows = cart
    ? await deps.db
        .select()
        .from(cartLines)
        .where(and(eq(cartLines.cartId, cart.id), inArray(cartLines.id, lineIds)))
    : [];
  if (!cart || rows.length !== new Set(lineIds).size) throw notFound("CART_CHANGED", "購物車內容已變更，請重新整理後再結帳");
  return rows.map((r) => ({ lineId: r.id, variantId: r.variantId, qty: r.qty }));
}

/**
 * Takes the bought lines out of the cart inside the order's transaction: they must all still be
 * there with the quantities that were quoted, or the order is refused (409). The delete locks
 * the lines, so two orders can never buy the same line.
 */
export async function removeBought(tx: Tx, bought: Array<{ lineId: number; qty: number }>) {
  if (bought.length === 0) return;
  const gone = await tx
    .delete(cartLines)
    .where(
      inArray(
        cartLines.id,
        bought.map((b) => b.lineId),
      ),
    )
    .returning({ id: cartLines.id, qty: cartLines.qty, cartId: cartLines.cartId });
  const qty = new Map(gone.map((g) => [g.id, g.qty]));
  if (bought.some((b) => qty.get(b.lineId) !== b.qty)) throw conflict("CART_CHANGED", "購物車內容已變更，請重新整理後再結帳");
  for (const cartId of new Set(gone.map((g) => g.cartId))) await touch(tx, cartId);
}

/**
 * At sign-in the visitor's cart joins the member's: quantities add up (capped at the line
 * limit), and the visitor cart is gone. Runs in one transaction.
 */
export async function mergeCarts(deps: CartDeps, token: string, memberId: number, shopId: number) {
  const visitor = await find(deps, { token });
  if (!visitor) return;
  const { cart: member } = await findOrCreate(deps, { memberId }, shopId);
  await deps.db.transaction(async (tx) => {
    const lines = await tx.select().from(cartLines).where(eq(cartLines.cartId, visitor.id));
    for (const l of lines) {
      const [mine] = await tx
        .select()
        .from(cartLines)
        .where(and(eq(cartLines.cartId, member.id), eq(cartLines.variantId, l.variantId)));
      const qty = Math.min(MAX_LINE_QTY, (mine?.qty ?? 0) + l.qty);
      await tx
        .insert(cartLines)
        .values({ cartId: member.id, variantId: l.variantId, qty, selected: l.selected })
        .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.variantId], set: { qty } });
    }
    await tx.delete(cartLines).where(eq(cartLines.cartId, visitor.id));
    await tx.delete(carts).where(eq(carts.id, visitor.id));
    await touch(tx, member.id);
  });
}
