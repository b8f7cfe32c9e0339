import type { Db, Tx } from "../../db/client.js";
import { deliverDue, type OutboxDeps, type OutboxRow, type Senders } from "./outbox-delivery.js";
import {
  type Channel,
  failedMessageCount,
  type Message,
  messageLog,
  messagesOfEvent,
  queueMessage,
  type Recipient,
  retryMessage,
  waitingMessages,
} from "./outbox-records.js";

// Notifications and the back office name the outbox's types from here.
export type { OutboxRow } from "./outbox-delivery.js";
export type { Channel, Message, Recipient } from "./outbox-records.js";

/**
 * The transactional outbox (decision 35). `queue` writes messages inside the caller's transaction,
 * so a message exists exactly when the change it reports committed; `deliverDue` sends them with
 * retries and backoff from any instance (rows are claimed FOR UPDATE SKIP LOCKED). The unique
 * (event, channel) key means one event never queues the same message twice; the retry key sent
 * with it makes LINE and Mitake drop a repeat after a crash between their answer and our record.
 * Sending is outbox-delivery.ts, the rows' reads and writes outbox-records.ts.
 */
export function createOutbox(db: Db, senders: Senders, opts: { now?: () => Date; reclaimAfterSeconds?: number } = {}) {
  const deps: OutboxDeps = {
    db,
    senders,
    now: opts.now ?? (() => new Date()),
    staleAfterMs: (opts.reclaimAfterSeconds ?? 120) * 1000,
    busy: 0,
  };

  return {
    /** Queues `message` to every channel in `channels` the recipient has an address for. Inside the caller's transaction. */
    queue: (tx: Tx, eventKey: string, to: Recipient, message: Message, channels: readonly Channel[]) =>
      queueMessage(deps, tx, eventKey, to, message, channels),
    /** Sends due messages until none is left or `max` were tried, on at most `parallel` senders in this process. */
    deliverDue: (max = 50, parallel = 4): Promise<number> => deliverDue(deps, max, parallel),
    /** The back office's message log, newest first. */
    log: (filter: { status?: OutboxRow["status"]; channel?: Channel; q?: string }, page: number, perPage: number) =>
      messageLog(deps, filter, page, perPage),
    /** Staff send a failed message again; `audit` runs in the same transaction. */
    retry: (id: number, audit: (tx: Tx, row: OutboxRow) => Promise<void>) => retryMessage(deps, id, audit),
    /** Messages not yet delivered: all, those waiting longer than `stuckAfterMs`, and the oldest's wait (for /metrics). */
    waiting: (at: Date, stuckAfterMs: number) => waitingMessages(deps, at, stuckAfterMs),
    /** Messages given up on, for staff to look at (the dashboard's 今日待辦). */
    failedCount: () => failedMessageCount(deps),
    /** Messages of one event (tests, the order page). */
    forEvent: (eventKey: string) => messagesOfEvent(deps, eventKey),
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
