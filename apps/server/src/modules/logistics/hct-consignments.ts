import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { hctConsignments } from "../../db/schema/index.js";
import { conflict } from "../../lib/errors.js";

/** The 測試模式 block: labels numbered from it say so. */
const HCT_TEST_BLOCK = { from: 9_900_000_001, to: 9_900_999_999 } as const;
/** One transaction-scoped advisory lock serialises numbering across connections and instances. */
const NUMBERING_LOCK = 7_301_001;

export interface HctBlock {
  from: number;
  to: number;
  /** Digits of a number as HCT prints it (leading zeros kept). */
  width: number;
}

/** `from-to` from the configuration, or the test block. */
export function hctBlockOf(setting: string | undefined): HctBlock & { test: boolean } {
  if (!setting) return { ...HCT_TEST_BLOCK, width: 10, test: true };
  const [from = "", to = ""] = setting.split("-");
  return { from: Number(from), to: Number(to), width: from.length, test: false };
}

/** Whether a number came from the test block (its label says 測試模式, whatever the setting is now). */
export const isTestConsignment = (seq: number) => seq >= HCT_TEST_BLOCK.from && seq <= HCT_TEST_BLOCK.to;

/**
 * 新竹物流託運單號 from the block HCT assigned to the contract. HCT publishes no API: a contract
 * customer prints its own labels with numbers from its block, and HCT's scan at pick-up starts the
 * tracking. A subject (`order:<no>`, `takeout:<id>`) gets one number, whoever asks and however
 * often; numbers are handed out in order and never twice.
 */
export function createHctConsignments(db: Db, block: HctBlock, now: () => Date = () => new Date()) {
  const inBlock = (seq: number) => seq >= block.from && seq <= block.to;
  return {
    /** The subject's consignment number, allocating the next one from the block the first time. */
    async numberFor(subject: string): Promise<{ trackingNo: string; createdAt: Date }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${NUMBERING_LOCK})`);
        const [existing] = await tx.select().from(hctConsignments).where(eq(hctConsignments.subject, subject));
        // A number from another block (a test number from before the contract's block was set) is replaced.
        if (existing && inBlock(existing.seq)) return existing;
        const [last] = await tx
          .select({ seq: sql<string | null>`max(${hctConsignments.seq})` })
          .from(hctConsignments)
          .where(sql`${hctConsignments.seq} between ${block.from} and ${block.to}`);
        const next = last?.seq ? Number(last.seq) + 1 : block.from;
        if (next > block.to)
          throw conflict("HCT_NUMBERS_USED_UP", "新竹物流託運單號已用完，請向新竹物流申請新的單號區間並更新設定");
        const values = { seq: next, trackingNo: String(next).padStart(block.width, "0"), createdAt: now() };
        const [row] = await tx
          .insert(hctConsignments)
          .values({ subject, ...values })
          .onConflictDoUpdate({ target: hctConsignments.subject, set: values })
          .returning();
        if (!row) throw new Error("hct consignment insert returned nothing");
        return row;
      });
    },

    /** The subject's number if one was printed. */
    async of(subject: string) {
      const [row] = await db.select().from(hctConsignments).where(eq(hctConsignments.subject, subject));
      return row ?? null;
    },
  };
}
export type HctConsignments = ReturnType<typeof createHctConsignments>;
