import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { outboxMessages } from "../../db/schema/index.js";
import { DeliveryError } from "../../integrations/delivery.js";
import type { LineMessaging } from "../../integrations/line/messaging.js";
import type { MailSender } from "../../integrations/mail/index.js";
import type { SmsSender } from "../../integrations/sms/index.js";

export type OutboxRow = typeof outboxMessages.$inferSelect;

export interface Senders {
  mail: MailSender;
  line: LineMessaging;
  sms: SmsSender;
}

/** What the outbox's steps work with (outbox.ts builds it once per outbox). */
export interface OutboxDeps {
  db: Db;
  senders: Senders;
  now: () => Date;
  /** A message claimed longer ago than this belongs to a runner that died: it is tried again. */
  staleAfterMs: number;
  /** Senders of this process currently delivering (see deliverDue). */
  busy: number;
}

/** After this many failed attempts a message is given up (failed), to be retried by hand. */
const MAX_ATTEMPTS = 8;

async function attempt({ senders }: OutboxDeps, m: OutboxRow): Promise<string> {
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

async function claim(deps: OutboxDeps): Promise<OutboxRow | null> {
  const at = deps.now();
  const staleBefore = new Date(at.getTime() - deps.staleAfterMs);
  const result = await deps.db.execute(sql`
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
  return (await deps.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0] ?? null;
}

/** Records an attempt's outcome, only if this runner still holds the claim it made. */
async function settle(deps: OutboxDeps, m: OutboxRow, values: Partial<OutboxRow>) {
  await deps.db
    .update(outboxMessages)
    .set({ ...values, lockedAt: null })
    .where(
      and(
        eq(outboxMessages.id, m.id),
        eq(outboxMessages.status, "sending"),
        eq(outboxMessages.lockedAt, m.lockedAt ?? deps.now()),
      ),
    );
}

async function deliver(deps: OutboxDeps, m: OutboxRow) {
  try {
    const answer = await attempt(deps, m);
    await settle(deps, m, { status: "sent", sentAt: deps.now(), providerAnswer: answer.slice(0, 500) });
  } catch (error) {
    const permanent = error instanceof DeliveryError && error.permanent;
    const answer = (error instanceof DeliveryError ? error.answer : String((error as Error).message ?? error)).slice(0, 500);
    const giveUp = permanent || m.attempts >= MAX_ATTEMPTS;
    // 30 s, 1 min, 2 min … up to an hour between attempts.
    const delay = Math.min(3_600_000, 30_000 * 2 ** (m.attempts - 1));
    await settle(deps, m, {
      status: giveUp ? "failed" : "pending",
      providerAnswer: answer,
      nextAttemptAt: new Date(deps.now().getTime() + delay),
    });
  }
}

/**
 * Sends due messages until none is left or `max` were tried, on at most `parallel` senders in
 * this process. A sender still waiting on a slow provider from an earlier call keeps its slot,
 * so the next call starts only the free ones: one hung provider holds up one slot, not the
 * messages queued behind it. Returns how many this call tried.
 */
export async function deliverDue(deps: OutboxDeps, max: number, parallel: number): Promise<number> {
  let tried = 0;
  const worker = async () => {
    deps.busy++;
    try {
      while (tried < max) {
        const m = await claim(deps);
        if (!m) return;
        tried++;
        await deliver(deps, m);
      }
    } finally {
      deps.busy--;
    }
  };
  await Promise.all(Array.from({ length: Math.max(0, parallel - deps.busy) }, worker));
  return tried;
}
