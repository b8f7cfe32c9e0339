import type { Db, Tx } from "../../db/client.js";
import { carrierCodesApplied } from "../../db/schema/index.js";

/**
 * Claims a carrier status code for a subject (an AllPayLogisticsID or `return:<id>`) inside the
 * transaction that applies its effect: true for the one caller that inserted it, false for a replay.
 */
export async function claimCarrierCode(tx: Db | Tx, subject: string, code: string, at: Date): Promise<boolean> {
  const rows = await tx.insert(carrierCodesApplied).values({ subject, code, at }).onConflictDoNothing().returning();
  return rows.length > 0;
}
