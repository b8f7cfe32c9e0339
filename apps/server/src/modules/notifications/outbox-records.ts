import { randomUUID } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { outboxMessages } from "../../db/schema/index.js";
import { conflict, notFound } from "../../lib/errors.js";
import { likeEscape } from "../../lib/like.js";
import type { OutboxDeps, OutboxRow } from "./outbox-delivery.js";

export type Channel = OutboxRow["channel"];

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

/** Queues `message` to every channel in `channels` the recipient has an address for. Inside the caller's transaction. */
export async function queueMessage(
  deps: Pick<OutboxDeps, "now">,
  tx: Tx,
  eventKey: string,
  to: Recipient,
  message: Message,
  channels: readonly Channel[],
) {
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
      nextAttemptAt: deps.now(),
      createdAt: deps.now(),
    }));
  if (rows.length > 0)
    await tx
      .insert(outboxMessages)
      .values(rows)
      .onConflictDoNothing({ target: [outboxMessages.eventKey, outboxMessages.channel] });
}

/** The back office's message log, newest first. */
export async function messageLog(
  deps: Pick<OutboxDeps, "db">,
  filter: { status?: OutboxRow["status"]; channel?: Channel; q?: string },
  page: number,
  perPage: number,
) {
  const where = and(
    filter.status ? eq(outboxMessages.status, filter.status) : undefined,
    filter.channel ? eq(outboxMessages.channel, filter.channel) : undefined,
    filter.q
      ? sql`(${outboxMessages.eventKey} ilike ${`%${likeEscape(filter.q)}%`} or ${outboxMessages.recipient} ilike ${`%${likeEscape(filter.q)}%`})`
      : undefined,
  );
  const [[total], rows] = await Promise.all([
    deps.db.select({ n: count() }).from(outboxMessages).where(where),
    deps.db
      .select()
      .from(outboxMessages)
      .where(where)
      .orderBy(desc(outboxMessages.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Staff send a failed message again (a fixed address, a provider back up); `audit` runs in the same transaction. */
export function retryMessage(deps: Pick<OutboxDeps, "db" | "now">, id: number, audit: (tx: Tx, row: OutboxRow) => Promise<void>) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(outboxMessages).where(eq(outboxMessages.id, id)).for("update");
    if (!row) throw notFound("MESSAGE_NOT_FOUND", "找不到此訊息");
    if (row.status !== "failed") throw conflict("MESSAGE_NOT_FAILED", "只有發送失敗的訊息可以重送");
    const [again] = await tx
      .update(outboxMessages)
      .set({ status: "pending", attempts: 0, nextAttemptAt: deps.now() })
      .where(eq(outboxMessages.id, id))
      .returning();
    await audit(tx, row);
    return again as OutboxRow;
  });
}

/** Messages not yet delivered: all, those waiting longer than `stuckAfterMs`, and the oldest's wait (for /metrics). */
export async function waitingMessages(
  deps: Pick<OutboxDeps, "db">,
  at: Date,
  stuckAfterMs: number,
): Promise<{ pending: number; stuck: number; oldestSeconds: number }> {
  const stuckBefore = new Date(at.getTime() - stuckAfterMs);
  const [row] = await deps.db
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
}

/** Messages given up on, for staff to look at (the dashboard's 今日待辦). */
export async function failedMessageCount(deps: Pick<OutboxDeps, "db">) {
  const [row] = await deps.db.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.status, "failed"));
  return row?.n ?? 0;
}

/** Messages of one event (tests, the order page). */
export async function messagesOfEvent(deps: Pick<OutboxDeps, "db">, eventKey: string) {
  return deps.db.select().from(outboxMessages).where(eq(outboxMessages.eventKey, eventKey)).orderBy(outboxMessages.id);
}
