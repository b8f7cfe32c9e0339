import { conflict, DomainError, tooManyRequests } from "../../lib/errors.js";

// The checkout's admission gate (decision 100): at most `maxInFlight` quotes and orders are worked
// on at once by this instance; the rest wait in one first-come-first-served line of at most
// `queueMax`, each for at most `waitMs`. Whoever finds the line full, or is not let in in time, is
// answered 429 「目前排隊中，請稍候再試」 with Retry-After (the line's expected wait at its recent
// pace, 1–30 s) at once: a flash sale sheds load with an
// answer, never a time-out or a 5xx. The line is per instance (two instances: two lines; between
// them, PostgreSQL's row lock on the variant orders the reservations).

export interface AdmissionLimits {
  maxInFlight: number;
  queueMax: number;
  waitMs: number;
}

export const QUEUED_MESSAGE = "目前排隊中，請稍候再試";
/** Retry-After's bounds: at least a second, at most half a minute. */
const RETRY_MIN_S = 1;
const RETRY_MAX_S = 30;
/** The pace is the rate of the last this many checkouts finished (before any: 10 a second per place). */
const PACE_SAMPLES = 32;

interface Waiter {
  admit: () => void;
  timer: NodeJS.Timeout;
  /** An order (the buyer's last step): let in before the quotes waiting (decision 105). */
  order: boolean;
}

export function createAdmission(limits: AdmissionLimits, now: () => number = Date.now) {
  let inFlight = 0;
  // FIFO: the head is let in first; a waiter that timed out is taken out of the line.
  const line: Waiter[] = [];
  /** When the last PACE_SAMPLES checkouts finished, oldest first. */
  const finished: number[] = [];

  /**
   * Retry-After grows with the line and the pace it moves at: a fixed second had every queued
   * phone ask again each second (~400 429s a second in the rehearsal), more work than the line.
   */
  const queued = () => {
    const first = finished[0];
    const span = first === undefined ? 0 : (now() - first) / 1000;
    const perSecond = span > 0 ? finished.length / span : limits.maxInFlight * 10;
    const wait = Math.ceil((line.length + 1) / Math.max(perSecond, 0.1));
    return tooManyRequests("QUEUED", QUEUED_MESSAGE, Math.min(RETRY_MAX_S, Math.max(RETRY_MIN_S, wait)));
  };

  /**
   * `order`: placing an order rather than a quote. Orders wait ahead of the quotes in the line
   * (among themselves first come, first served): the buyer placing one came earlier, to the quote,
   * and a sale completes sooner than another buyer's first look at the price.
   */
  const enter = (order = false): Promise<void> => {
    if (inFlight < limits.maxInFlight && line.length === 0) {
      inFlight++;
      return Promise.resolve();
    }
    if (line.length >= limits.queueMax || limits.waitMs <= 0) return Promise.reject(queued());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        admit: resolve,
        order,
        timer: setTimeout(() => {
          const at = line.indexOf(waiter);
          if (at >= 0) line.splice(at, 1);
          reject(queued());
        }, limits.waitMs),
      };
      const firstQuote = order ? line.findIndex((w) => !w.order) : -1;
      if (firstQuote >= 0) line.splice(firstQuote, 0, waiter);
      else line.push(waiter);
    });
  };

  // The slot passes straight to the head of the line (inFlight unchanged), so no newcomer jumps it.
  const leave = () => {
    finished.push(now());
    if (finished.length > PACE_SAMPLES) finished.shift();
    const next = line.shift();
    if (next) {
      clearTimeout(next.timer);
      next.admit();
    } else inFlight--;
  };

  return {
    /** Waits for a place (first come, first served), or throws the 429 QUEUED refusal; `leave` once done. */
    enter,
    leave,
    /** Runs `work` once admitted; throws the 429 QUEUED refusal when the line is full or the wait too long. */
    async run<T>(work: () => Promise<T>): Promise<T> {
      await enter();
      try {
        return await work();
      } finally {
        leave();
      }
    },
    /** Now: requests being worked on, and waiting. */
    load: () => ({ inFlight, waiting: line.length }),
  };
}

export type Admission = ReturnType<typeof createAdmission>;

/**
 * The sold-out short-circuit (decision 100): a variant whose reservation just failed for lack of
 * stock is refused at once for `ttlMs`, with no transaction. Per instance and short-lived; this
 * instance forgets at once when it gives stock back.
 */
export function createSoldOutMemory(ttlMs = 1000, now: () => number = Date.now) {
  const until = new Map<number, number>();
  return {
    remember: (variantId: number) => void until.set(variantId, now() + ttlMs),
    /** The first of these variants believed sold out, if any. */
    soldOut(variantIds: number[]): number | undefined {
      for (const id of variantIds) {
        const t = until.get(id);
        if (t === undefined) continue;
        if (t > now()) return id;
        until.delete(id);
      }
      return undefined;
    },
    forget: (variantId: number) => void until.delete(variantId),
    forgetAll: () => until.clear(),
  };
}

export type SoldOutMemory = ReturnType<typeof createSoldOutMemory>;

/** Refusals that mean a variant has no unit left (its id in the error's data). */
const SOLD_OUT_CODES = new Set(["INSUFFICIENT_STOCK", "VARIANT_SOLD_OUT"]);

function soldOutVariant(error: unknown): number | undefined {
  if (!(error instanceof DomainError) || !SOLD_OUT_CODES.has(error.code)) return undefined;
  const id = (error.data as { variant_id?: unknown } | null)?.variant_id;
  return typeof id === "number" ? id : undefined;
}

/**
 * Runs a quote or an order for `variantId` (a 立即購買 of one variant; undefined: a cart's lines,
 * only remembered) through the memory: refused at once with 409 while the variant is remembered
 * sold out, and remembered when the work finds it so.
 */
export async function throughSoldOut<T>(
  memory: SoldOutMemory | undefined,
  variantId: number | undefined,
  work: () => Promise<T>,
) {
  const gone = variantId === undefined ? undefined : memory?.soldOut([variantId]);
  if (gone !== undefined) throw conflict("VARIANT_SOLD_OUT", "商品已售完", { variant_id: gone });
  try {
    return await work();
  } catch (error) {
    const id = soldOutVariant(error);
    if (id !== undefined) memory?.remember(id);
    throw error;
  }
}
