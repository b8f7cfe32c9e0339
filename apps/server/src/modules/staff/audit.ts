import { and, count, desc, eq } from "drizzle-orm";
import { type Db, single, type Tx } from "../../db/client.js";
import { auditLog } from "../../db/schema/index.js";
import type { Staff } from "./staff-view.js";

/** Who made a change, for the audit log. */
export interface Actor {
  staff: Staff;
  ip: string;
}

/** How a staff member appears in order histories and ledgers. */
export const who = (a: Actor) => `staff:${a.staff.id}:${a.staff.name}`;

/** The audit log: who changed what, when, before and after. */
export function createAuditLog(db: Db) {
  return {
    async record(
      q: Db | Tx,
      actor: Actor,
      change: { action: string; entity: string; entityId: string | number; before?: unknown; after?: unknown },
    ) {
      await q.insert(auditLog).values({
        staffId: actor.staff.id,
        staffName: actor.staff.name,
        action: change.action,
        entity: change.entity,
        entityId: String(change.entityId),
        before: change.before ?? null,
        after: change.after ?? null,
        ip: actor.ip,
      });
    },

    async auditPage(filter: { entity?: string; entityId?: string }, page: number, perPage: number) {
      const where = and(
        filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
        filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
      );
      const [rows, counted] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return {
        total: single(counted).n,
        items: rows.map((r) => ({
          id: r.id,
          staff_id: r.staffId,
          staff_name: r.staffName,
          action: r.action,
          entity: r.entity,
          entity_id: r.entityId,
          before: r.before,
          after: r.after,
          ip: r.ip,
          at: r.at.toISOString(),
        })),
      };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
