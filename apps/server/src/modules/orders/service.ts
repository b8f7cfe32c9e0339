import type { Db } from "../../db/client.js";
import { createGiveBack } from "./give-back.js";
import {
  advance,
  announcePlaced,
  cancelByBuyer,
  cancelByStaff,
  completeAfterAppraisalForTests,
  completeDue,
  createOrder,
  expireUnpaid,
  type LifecycleDeps,
  linesOf,
  markCollected,
  markPreorder,
  moveOrder,
  openReturn,
  payOrder,
  recordEvent,
  refund,
  refundableNow,
  refundLocked,
  setShipMethod,
  withOrder,
} from "./lifecycle.js";
import type { OrderEffects, OrderLifecycle } from "./types.js";

// Other modules and flows name these types from here, the orders module's service.
export { actorOf, appraisalEnds } from "./lifecycle.js";
export type { GivenBack, Order, OrderLifecycle, VirtualAccountGiven } from "./types.js";

/**
 * The order lifecycle (decision 30): every transition locks the order row first, re-reads its
 * state inside the transaction, then acts, and runs its effects in the same transaction. Each step
 * is a function of lifecycle.ts taking the lifecycle's dependencies.
 */
export function createOrderLifecycle(deps: {
  db: Db;
  completeAfterDays: () => Promise<number>;
  now?: () => Date;
}): OrderLifecycle {
  const now = deps.now ?? (() => new Date());
  const effects: OrderEffects = { placed: [], accountGiven: [], paid: [], completed: [], givenBack: [], changed: [] };
  const d: LifecycleDeps = {
    db: deps.db,
    now,
    effects,
    completeAfterDays: deps.completeAfterDays,
    ...createGiveBack({ effects, now }),
  };
  return {
    effects,
    withOrder: (key, work) => withOrder(d, key, work),
    create: (tx, values, lines, actor) => createOrder(d, tx, values, lines, actor),
    markPreorder,
    announcePlaced: (tx, order) => announcePlaced(d, tx, order),
    move: (tx, order, to, actor, reason, extra) => moveOrder(d, tx, order, to, actor, reason, extra),
    pay: (tx, order, actor, reason) => payOrder(d, tx, order, actor, reason),
    linesIn: (tx, orderId) => linesOf(tx, orderId),
    event: (tx, orderId, from, to, actor, reason) => recordEvent(d, tx, orderId, from, to, actor, reason),
    markCollected: (tx, order, actor, reason) => markCollected(d, tx, order, actor, reason),
    setShipMethod: (tx, order, to, actor, reason) => setShipMethod(d, tx, order, to, actor, reason),
    cancelByBuyer: (buyer, orderNo, reason) => cancelByBuyer(d, buyer, orderNo, reason),
    cancelByStaff: (orderNo, actor, reason) => cancelByStaff(d, orderNo, actor, reason),
    expireUnpaid: () => expireUnpaid(d),
    advance: (orderNo, to, actor, opts) => advance(d, orderNo, to, actor, opts),
    completeDue: () => completeDue(d),
    completeAfterAppraisalForTests: (orderNo: string) => completeAfterAppraisalForTests(d, orderNo),
    refund: (orderNo, actor, reason, items, terms) => refund(d, orderNo, actor, reason, items, terms),
    refundLocked: (tx, o, commit, actor, reason, items, terms) => refundLocked(d, tx, o, commit, actor, reason, items, terms),
    refundable: (orderId, items) => refundableNow(d, orderId, items),
    openReturn,
  };
}
