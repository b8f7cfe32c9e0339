import type { Db } from "../../db/client.js";
import type { CatalogueService } from "../catalogue/service.js";
import {
  addToCart,
  type CartDeps,
  type CartOwner,
  linesFor,
  mergeCarts,
  removeBought,
  removeLines,
  searchCart,
  updateLine,
} from "./lines.js";
import { createCartReminders } from "./reminders.js";

// Routes and checkout name the owner from the cart module's service.
export type { CartOwner } from "./lines.js";

/** The cart; each method is a function of lines.ts taking `deps`. */
export function createCartService(db: Db, catalogue: CatalogueService) {
  const deps: CartDeps = { db, catalogue };
  return {
    search: (owner: CartOwner) => searchCart(deps, owner),
    add: (owner: CartOwner, shopId: number, variantId: number, qty: number) => addToCart(deps, owner, shopId, variantId, qty),
    update: (owner: CartOwner, lineId: number, change: { qty?: number; selected?: boolean }) =>
      updateLine(deps, owner, lineId, change),
    remove: (owner: CartOwner, lineIds: number[]) => removeLines(deps, owner, lineIds),
    linesFor: (owner: CartOwner, lineIds: number[]) => linesFor(deps, owner, lineIds),
    removeBought,
    merge: (token: string, memberId: number, shopId: number) => mergeCarts(deps, token, memberId, shopId),
    /** Abandoned-cart reminders (decision 97). */
    reminders: createCartReminders(db),
  };
}

export type CartService = ReturnType<typeof createCartService>;
