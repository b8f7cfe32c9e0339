import type { Tx } from "../../db/client.js";
import type { InventoryService } from "../../modules/inventory/service.js";
import type { PreorderQueue } from "../../modules/orders/preorders.js";
import type { Order, OrderLifecycle } from "../../modules/orders/service.js";
import type { OrderMessages } from "../order-effects/order-messages.js";

export interface PreorderReleaseDeps {
  inventory: InventoryService;
  queue: PreorderQueue;
  messages: Pick<OrderMessages, "preorderReleased">;
  now: () => Date;
}

/**
 * Pre-orders meet stock (decision 96). Stock received for a variant releases its waiting
 * pre-orders in the same transaction: the variant row is locked first, then the releasable
 * (paid or cash-on-delivery) waiting orders holding it, oldest first; each takes its waiting units
 * from stock into its own reservation when all of them are covered, and the queue stops at the
 * first order stock cannot cover (it keeps its place). An order whose every pre-order unit is
 * covered is released: it joins the shipping queue and the buyer is told.
 */
export function createPreorderRelease(d: PreorderReleaseDeps) {
  const { preorder } = d.inventory;

  /** Marks a locked order released if all its pre-order units are held; true when it was. */
  async function finishIfCovered(tx: Tx, o: Order, units: Map<number, number>): Promise<boolean> {
    const held = await preorder.heldBy(tx, `order:${o.orderNo}`);
    if ([...units].some(([variantId, n]) => (held.get(variantId) ?? 0) < n)) return false;
    await d.messages.preorderReleased(tx, await d.queue.markReleased(tx, o.id, d.now()));
    return true;
  }

  /** The variant's waiting pre-orders, released from its stock oldest first; the order numbers released. */
  async function releaseVariant(tx: Tx, variantId: number): Promise<string[]> {
    const v = await preorder.lockVariant(tx, variantId);
    if (!v || v.waiting === 0 || v.stock <= 0) return [];
    let stock = v.stock;
    const released: string[] = [];
    for (const o of await d.queue.waitingFor(tx, variantId)) {
      const ref = `order:${o.orderNo}`;
      const units = await d.queue.unitsOf(tx, o.id);
      const need = (units.get(variantId) ?? 0) - ((await preorder.heldBy(tx, ref)).get(variantId) ?? 0);
      if (need > stock) break;
      if (need > 0) {
        if (!(await preorder.releaseWaiting(tx, variantId, need, ref))) break;
        stock -= need;
      }
      if (await finishIfCovered(tx, o, units)) released.push(o.orderNo);
    }
    return released;
  }

  return {
    releaseVariant,

    /** Wires the order effects: a paid pre-order takes stock already there, a cancelled one gives back its waiting units. */
    wire(lifecycle: OrderLifecycle) {
      const e = lifecycle.effects;
      e.paid.push(async (tx, o) => {
        if (!d.queue.releasable(o)) return;
        const units = await d.queue.unitsOf(tx, o.id);
        for (const variantId of [...units.keys()].sort((a, b) => a - b)) await releaseVariant(tx, variantId);
      });
      // First, before the stock it held is given back: its waiting units are no longer waiting.
      e.givenBack.unshift(async (tx, o, back) => {
        if (back.kind !== "cancel" || o.preorderState !== "waiting") return;
        const units = await d.queue.unitsOf(tx, o.id);
        const held = await preorder.heldBy(tx, `order:${o.orderNo}`);
        for (const [variantId, n] of [...units].sort(([a], [b]) => a - b))
          await preorder.dropWaiting(tx, variantId, n - (held.get(variantId) ?? 0));
      });
      // Last: the stock a cancelled order gave back goes to the next waiting pre-orders.
      e.givenBack.push(async (tx, o, back) => {
        if (back.kind !== "cancel" || o.preorderState === null) return;
        const units = await d.queue.unitsOf(tx, o.id);
        for (const variantId of [...units.keys()].sort((a, b) => a - b)) await releaseVariant(tx, variantId);
      });
    },
  };
}

export type PreorderRelease = ReturnType<typeof createPreorderRelease>;
