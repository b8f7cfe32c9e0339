import type { OrderStatus } from "@shop/contract";
import type { Db, Tx } from "../../db/client.js";
import type { orderLines, orders } from "../../db/schema/index.js";
import type { RefundPlan } from "./refund-math.js";
import type { FulfilmentStep } from "./state.js";

// The orders module's shared types, here and not in service.ts so the files that implement the
// lifecycle (give-back, payments) can name them without importing the lifecycle back.

export type Order = typeof orders.$inferSelect;
export type OrderLine = typeof orderLines.$inferSelect;

/** Work that must wait until the transaction committed (a provider call). */
export interface Commit {
  after(work: () => Promise<void>): void;
}

/** Units, value and money going back to the buyer: a cancellation, a refund, or part of one. */
export interface GivenBack extends RefundPlan {
  kind: "cancel" | "refund" | "partial";
  seq: number;
  /** Goods value given back by this and every earlier refund, and the order's goods after discounts. */
  goodsValueSoFar: number;
  netGoods: number;
  lines: OrderLine[];
  /** The returned units are written off as faulty instead of going back into stock. */
  writeOff: boolean;
  /** Offline money goes to this account of the buyer's (e.g. 臺灣銀行 ****1234), not the wallet. */
  toAccount?: string;
}

/** How a refund of returned units is settled: where the units go, and how much goes back (default all). */
export interface RefundTerms {
  writeOff?: boolean;
  /** NT$ to give back, at most the units' refundable value. */
  amount?: number;
  /** The buyer's own account for offline money (its label), instead of the wallet. */
  toAccount?: string;
}

/**
 * What other modules do when an order changes, wired by the composition root (order-effects.ts).
 * Each runs inside the transaction that made the change, so the change and its effects commit or
 * roll back together.
 */
export interface OrderEffects {
  placed: Array<(tx: Tx, order: Order) => Promise<void>>;
  /** A virtual account was given to the order (decision 88): where and by when to pay. */
  accountGiven: Array<(tx: Tx, order: Order, account: VirtualAccountGiven) => Promise<void>>;
  paid: Array<(tx: Tx, order: Order, lines: () => Promise<OrderLine[]>) => Promise<void>>;
  completed: Array<(tx: Tx, order: Order, lines: () => Promise<OrderLine[]>) => Promise<void>>;
  givenBack: Array<(tx: Tx, order: Order, back: GivenBack, commit: Commit) => Promise<void>>;
  changed: Array<(tx: Tx, order: Order, to: OrderStatus, reason: string, actor: string) => Promise<void>>;
}

export interface VirtualAccountGiven {
  bankCode: string;
  account: string;
  amount: number;
  deadline: Date;
}

/** Who asks for a buyer's action: a member, or a guest who proved the phone on this order. */
export interface Buyer {
  memberId?: number;
  cartToken?: string;
  phone?: string;
  /** The order a guest's access token proves the phone of. */
  verifiedOrderId?: number;
}

/** An order found by its id or by its number. */
export type OrderKey = { id: number } | { no: string };
/** Units of an order by variant (a partial refund). */
export type VariantUnits = Array<{ variantId: number; qty: number }>;

/**
 * The order lifecycle (decision 30), as service.ts builds it: every transition locks the order
 * row first, re-reads its state inside the transaction, then acts, and runs its effects in the
 * same transaction.
 */
export interface OrderLifecycle {
  effects: OrderEffects;
  /**
   * The one way to change an order: a transaction that locks its row before reading anything
   * else; work queued with `commit.after` runs once it committed.
   */
  withOrder<T>(key: OrderKey, work: (tx: Tx, order: Order, commit: Commit) => Promise<T>): Promise<T>;
  /** A new order and its lines, pending payment, inside checkout's transaction; announced by `announcePlaced`. */
  create(
    tx: Tx,
    values: typeof orders.$inferInsert,
    lines: Array<Omit<typeof orderLines.$inferInsert, "orderId">>,
    actor: string,
  ): Promise<Order>;
  /** A just-created order's goods of these variants wait for stock (decision 96). */
  markPreorder(tx: Tx, order: Order, variantIds: number[], shipOn: string | null): Promise<Order>;
  /** The order's `placed` effects (its messages), after checkout settled its stock. */
  announcePlaced(tx: Tx, order: Order): Promise<void>;
  /** One transition of a locked order, with its history row, its effects and the member's notice. */
  move(tx: Tx, order: Order, to: OrderStatus, actor: string, reason: string, extra?: Partial<Order>): Promise<Order>;
  /** Paid: depot orders complete at once (their goods went into the member's depot). */
  pay(tx: Tx, order: Order, actor: string, reason: string): Promise<Order>;
  linesIn(tx: Tx, orderId: number): Promise<OrderLine[]>;
  event(tx: Tx, orderId: number, from: OrderStatus | null, to: OrderStatus, actor: string, reason: string): Promise<void>;
  /** Cash on delivery was collected after shipping: the order is paid from now on, its state unchanged. */
  markCollected(tx: Tx, order: Order, actor: string, reason: string): Promise<void>;
  /** A locked order's ship method changes (before shipping), recorded in its history. */
  setShipMethod(tx: Tx, order: Order, to: "hct" | "self", actor: string, reason: string): Promise<void>;
  /** The buyer cancels before shipping; a guest who paid offline is sent to customer service. */
  cancelByBuyer(buyer: Buyer, orderNo: string, reason: string): Promise<Order>;
  /** Staff cancel before shipping, or when a shipped parcel came back undelivered. */
  cancelByStaff(orderNo: string, actor: string, reason: string): Promise<Order>;
  /** Cancels unpaid orders past their deadline. */
  expireUnpaid(): Promise<number>;
  /** Fulfilment (staff and sellers): moves the order forward to `to`, recording every step. */
  advance(orderNo: string, to: FulfilmentStep, actor: string, opts?: AdvanceOptions): Promise<Order>;
  /** Delivered orders past the appraisal period (鑑賞期, a setting) complete by themselves. */
  completeDue(): Promise<number>;
  /** 測試模式 only: the order's 鑑賞期 passes and the completion sweep runs (the e2e's clock). */
  completeAfterAppraisalForTests(orderNo: string): Promise<number>;
  /** A return after delivery (staff): every unit left, or only `items`. */
  refund(orderNo: string, actor: string, reason: string, items?: VariantUnits, terms?: RefundTerms): Promise<GivenBack>;
  /** A refund of a locked order, inside the caller's transaction (a return request's last step). */
  refundLocked(
    tx: Tx,
    o: Order,
    commit: Commit,
    actor: string,
    reason: string,
    items?: VariantUnits,
    terms?: RefundTerms,
  ): Promise<GivenBack>;
  /** What refunding `items` would give back now (NT$: money, wallet and points), or null if it cannot. */
  refundable(orderId: number, items: VariantUnits): Promise<number | null>;
  /** The return request still being handled on an order, if any (it holds the order open). */
  openReturn(q: Db | Tx, orderId: number): Promise<{ id: number } | null>;
}

export interface AdvanceOptions {
  trackingNo?: string;
  from?: OrderStatus[];
  afterAppraisal?: boolean;
  /**
   * Runs in the order's transaction before it moves (a carrier's code recorded once, decision 90):
   * false leaves the order as it is (a replay); the record and the move commit together.
   */
  once?: (tx: Tx) => Promise<boolean>;
}
