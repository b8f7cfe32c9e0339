import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { payments } from "../../db/schema/index.js";
import type { CardGateway } from "../../integrations/tappay/client.js";

export const CARD_REFUND_JOB = "payments.card_refund";
const REFUND_LEASE_MS = 60_000;

/**
 * Card refunds with the provider. A refund is decided inside the order's transaction (the
 * payment's `refunded` grows and a job is queued with it); this runs what was decided and not yet
 * confirmed (`refunded − refund_settled`), one caller at a time per payment (a lease). A call
 * whose answer never came (a timeout) is never simply repeated — that could refund twice — but
 * checked against TapPay's record first; what cannot be settled that way waits for staff.
 */
export function createCardRefunds(deps: { db: Db; card: CardGateway; now?: () => Date }) {
  const { db, card } = deps;
  const now = deps.now ?? (() => new Date());

  const release = (id: number, message: string, uncertain?: Date | null) =>
    db
      .update(payments)
      .set({
        refundLeaseUntil: null,
        message,
        updatedAt: now(),
        ...(uncertain !== undefined ? { refundUncertainAt: uncertain } : {}),
      })
      .where(eq(payments.id, id));

  const settle = (id: number, due: number) =>
    db
      .update(payments)
      .set({
        refundSettled: sql`${payments.refundSettled} + ${due}`,
        status: sql`case when ${payments.refundSettled} + ${due} = ${payments.amount} then 'refunded' else ${payments.status} end`,
        message: "已退刷",
        refundLeaseUntil: null,
        refundUncertainAt: null,
        updatedAt: now(),
      })
      .where(eq(payments.id, id));

  async function runCardRefund(paymentId: number): Promise<void> {
    const at = now();
    const [p] = await db
      .update(payments)
      .set({ refundLeaseUntil: new Date(at.getTime() + REFUND_LEASE_MS) })
      .where(
        and(
          eq(payments.id, paymentId),
          gt(payments.refunded, payments.refundSettled),
          or(isNull(payments.refundLeaseUntil), lt(payments.refundLeaseUntil, at)),
        ),
      )
      .returning();
    if (!p) {
      const [still] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), gt(payments.refunded, payments.refundSettled)));
      // Another caller holds the lease: the job must come back, not count as done.
      if (still) throw new Error(`card refund of payment ${paymentId} is running elsewhere`);
      return;
    }
    const due = p.refunded - p.refundSettled;
    const ref = p.providerRef ?? "";
    if (p.refundUncertainAt) {
      const record = await card.record(ref).catch(() => null);
      if (record?.record_status === 3 && p.refundSettled + due === p.amount) return void (await settle(p.id, due));
      const stillCaptured = record?.record_status === 0 || record?.record_status === 1;
      // Only a whole remainder on a trade TapPay still shows as captured is safe to ask again.
      if (!stillCaptured || p.refundSettled + due !== p.amount) {
        await release(p.id, "退刷結果未確認，待客服處理");
        throw new Error(`card refund of payment ${p.id} needs staff: the provider's answer was lost`);
      }
    }
    let status: number;
    try {
      status = (await card.refund(ref, due)).status;
    } catch (error) {
      await release(p.id, "退刷結果確認中", at);
      throw error;
    }
    if (status !== 0) {
      await release(p.id, "退刷失敗，將自動重試");
      throw new Error(`card refund of payment ${p.id} refused by the provider (${status})`);
    }
    await settle(p.id, due);
  }

  return {
    runCardRefund,
    /** Every payment with a refund still to run and nobody on it (the periodic reconciliation). */
    async dueRefunds(): Promise<number[]> {
      const at = now();
      const rows = await db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            gt(payments.refunded, payments.refundSettled),
            or(isNull(payments.refundLeaseUntil), lt(payments.refundLeaseUntil, at)),
          ),
        )
        .limit(100);
      return rows.map((r) => r.id);
    },
  };
}
