import { randomUUID } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { outboxMessages } from "../../db/schema/index.js";
import { DeliveryError } from "../../integrations/delivery.js";
import type { LineMessaging } from "../../integrations/line/messaging.js";
import type { MailSender } from "../../integrations/mail/index.js";
import type { SmsSender } from "../../integrations/sms/index.js";
import { conflict, notFound } from "../../lib/errors.js";
import { likeEscape } from "../../lib/like.js";

export type Channel = (typeof outboxMessages.$inferSelect)["channel"];
export type OutboxRow = typeof outboxMessages.$inferSelect;

/** Where one person can be reached; a channel without an address is skipped. */
export interface Recipient {
  memberId?: number | null;
  email?: string | null;
  lineUserId?: string | null;
  phone?: string | null;
}

/** One message in the three shapes the channels take (SMS is short: 70 characters per segment). */
export interface Message {
  subject: string;
  text: string;
  sms?: string;
}

export interface Senders {
  mail: MailSender;
  line: LineMessaging;
  sms: SmsSender;
}

/** After this many failed attempts a message is given up (failed), to be retried by hand. */
const MAX_ATTEMPTS = 8;

/**
 * The transactional outbox (decision 35). `queue` writes messages inside the caller's transaction,
 * so a message exists exactly when the change it reports committed; `deliverDue` sends them with
 * retries and backoff from any instance (rows are claimed FOR UPDATE SKIP LOCKED). The unique
 * (event, channel) key means one event never queues the same message twice; the retry key sent
 * with it makes LINE and Mitake drop a repeat after a crash between their answer and our record.
 */
export function createOutbox(db: Db, senders: Senders, opts: { now?: () => Date; reclaimAfterSeconds?: number } = {}) {
  const now = opts.now ?? (() => new Date());
  // A message claimed longer ago than this belongs to a runner that died: it is tried again.
  const staleAfterMs = (opts.reclaimAfterSeconds ?? 120) * 1000;
  // Senders of this process currently delivering (see deliverDue).
  let busy = 0;
  async function attempt(m: OutboxRow): Promise<string> {
    if (m.channel === "email")
      return senders.mail.send({
        to: m.recipient,
        subject: m.subject,
        text: m.body,
        messageId: `<${m.retryKey}@outbox.shop>`,
      });
    if (m.channel === "line") return senders.line.push(m.recipient, m.body, m.retryKey);
    return (await senders.sms.send(m.recipient, m.body, { clientId: m.retryKey.replaceAll("-", "").slice(0, 32) })) ?? "accepted";
  }

  async function claim(): Promise<OutboxRow | null> {
    const at = now();
    const staleBefore = new Date(at.getTime() - staleAfterMs);
    const result = await db.execute(sql`
      update ${outboxMessages} set status = 'sending', locked_at = ${at}, attempts = ${outboxMessages.attempts} + 1
      where ${outboxMessages.id} = (
        select id from ${outboxMessages}
        where (${outboxMessages.status} = 'pending' and ${outboxMessages.nextAttemptAt} <= ${at})
           or (${outboxMessages.status} = 'sending' and ${outboxMessages.lockedAt} < ${staleBefore})
        order by ${outboxMessages.id}
        for update skip locked
        limit 1
      )
      returning ${outboxMessages.id} as id`);
    const id = (result as unknown as { rows: Array<{ id: number }> }).rows[0]?.id;
    if (id === undefined) return null;
    return (await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0] ?? null;
  }

  /** Records an attempt's outcome, only if this runner still holds the claim it made. */
  async function settle(m: OutboxRow, values: Partial<OutboxRow>) {
    await db
      .update(outboxMessages)
      .set({ ...values, lockedAt: null })
      .where(
        and(eq(outboxMessages.id, m.id), eq(outboxMessages.status, "sending"), eq(outboxMessages.lockedAt, m.lockedAt ?? now())),
      );
  }

  async function deliver(m: OutboxRow) {
    try {
      const answer = await attempt(m);
      await settle(m, { status: "sent", sentAt: now(), providerAnswer: answer.slice(0, 500) });
    } catch (error) {
      const permanent = error instanceof DeliveryError && error.permanent;
      const answer = (error instanceof DeliveryError ? error.answer : String((error as Error).message ?? error)).slice(0, 500);
      const giveUp = permanent || m.attempts >= MAX_ATTEMPTS;
      // 30 s, 1 min, 2 min … up to an hour between attempts.
      const delay = Math.min(3_600_000, 30_000 * 2 ** (m.attempts - 1));
      await settle(m, {
        status: giveUp ? "failed" : "pending",
        providerAnswer: answer,
        nextAttemptAt: new Date(now().getTime() + delay),
      });
    }
  }

  return {
    /** Queues `message` to every channel in `channels` the recipient has an address for. Inside the caller's transaction. */
    async queue(tx: Tx, eventKey: string, to: Recipient, message: Message, channels: readonly Channel[]) {
      const address: Record<Channel, string | null | undefined> = { email: to.email, line: to.lineUserId, sms: to.phone };
      const rows = channels
        .filter((c) => address[c])
        .map((channel) => ({
          eventKey,
          channel,
          recipient: String(address[channel]),
          memberId: to.memberId ?? null,
          subject: message.subject,
          body: channel === "sms" ? (message.sms ?? message.subject) : message.text,
          retryKey: randomUUID(),
          nextAttemptAt: now(),
          createdAt: now(),
        }));
      if (rows.length > 0)
        await tx
          .insert(outboxMessages)
          .values(rows)
          .onConflictDoNothing({ target: [outboxMessages.eventKey, outboxMessages.channel] });
    },

    /**
     * Sends due messages until none is left or `max` were tried, on at most `parallel` senders in
     * this process. A sender still waiting on a slow provider from an earlier call keeps its slot,
     * so the next call starts only the free ones: one hung provider holds up one slot, not the
     * messages queued behind it. Returns how many this call tried.
     */
    async deliverDue(max = 50, parallel = 4): Promise<number> {
      let tried = 0;
      const worker = async () => {
        busy++;
        try {
          while (tried < max) {
            const m = await claim();
            if (!m) return;
            tried++;
            await deliver(m);
          }
        } finally {
          busy--;
        }
      };
      await Promise.all(Array.from({ length: Math.max(0, parallel - busy) }, worker));
      return tried;
    },

    /** The back office's message log, newest first. */
    async log(filter: { status?: OutboxRow["status"]; channel?: Channel; q?: string }, page: number, perPage: number) {
      const where = and(
        filter.status ? eq(outboxMessages.status, filter.status) : undefined,
        filter.channel ? eq(outboxMessages.channel, filter.channel) : undefined,
        filter.q
          ? sql`(${outboxMessages.eventKey} ilike ${`%${likeEscape(filter.q)}%`} or ${outboxMessages.recipient} ilike ${`%${likeEscape(filter.q)}%`})`
          : undefined,
      );
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(outboxMessages).where(where),
        db
          .select()
          .from(outboxMessages)
          .where(where)
          .orderBy(desc(outboxMessages.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Staff send a failed message again (a fixed address, a provider back up); `audit` runs in the same transaction. */
    retry(id: number, audit: (tx: Tx, row: OutboxRow) => Promise<void>) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(outboxMessages).where(eq(outboxMessages.id, id)).for("update");
        if (!row) throw notFound("MESSAGE_NOT_FOUND", "找不到此訊息");
        if (row.status !== "failed") throw conflict("MESSAGE_NOT_FAILED", "只有發送失敗的訊息可以重送");
        const [again] = await tx
          .update(outboxMessages)
          .set({ status: "pending", attempts: 0, nextAttemptAt: now() })
          .where(eq(outboxMessages.id, id))
          .returning();
        await audit(tx, row);
        return again as OutboxRow;
      });
    },

    /** Messages given up on, for staff to look at (the dashboard's 今日待辦). */
    /** Messages not yet delivered: all, those waiting longer than `stuckAfterMs`, and the oldest's wait (for /metrics). */
    async waiting(at: Date, stuckAfterMs: number): Promise<{ pending: number; stuck: number; oldestSeconds: number }> {
      const stuckBefore = new Date(at.getTime() - stuckAfterMs);
      const [row] = await db
        .select({
          n: count(),
          stuck: sql<number>`(count(*) filter (where ${outboxMessages.createdAt} < ${stuckBefore}))::int`,
          oldest: sql<Date | string | null>`min(${outboxMessages.createdAt})`,
        })
        .from(outboxMessages)
        .where(sql`${outboxMessages.status} in ('pending', 'sending')`);
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : at.getTime();
      return {
        pending: row?.n ?? 0,
        stuck: row?.stuck ?? 0,
        oldestSeconds: Math.max(0, Math.round((at.getTime() - oldest) / 1000)),
      };
    },

    async failedCount() {
      const [row] = await db.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.status, "failed"));
      return row?.n ?? 0;
    },

    /** Messages of one event (tests, the order page). */
    async forEvent(eventKey: string) {
      return db.select().from(outboxMessages).where(eq(outboxMessages.eventKey, eventKey)).orderBy(outboxMessages.id);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
