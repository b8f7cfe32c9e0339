import { hash as argonHash } from "@node-rs/argon2";
import { type StaffView, staffInput } from "@shop/contract/admin";
import { and, eq, sql } from "drizzle-orm";
import { type Db, single, type Tx } from "../../db/client.js";
import { staff } from "../../db/schema/index.js";
import { badRequest, conflict, isUniqueViolation } from "../../lib/errors.js";
import type { AuditLog } from "./audit.js";
import { staffView } from "./staff-view.js";

/** Serialises first-owner creation across processes (transaction-scoped; decision 73). */
const FIRST_OWNER_LOCK = "7301000000002";

const activeOwner = (q: Db | Tx) =>
  q
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, "owner"), eq(staff.active, true)))
    .limit(1);

/** The shop's first owner (decision 73): whether one can sign in, and making one from the command line. */
export function createFirstOwnerOps(db: Db, record: AuditLog["record"]) {
  return {
    /** Whether someone can sign in to the back office as owner (a production start warns when not). */
    async hasActiveOwner(): Promise<boolean> {
      return (await activeOwner(db)).length > 0;
    },

    /**
     * The shop's first owner, made from the command line (`npm run owner:create`) when no active
     * owner exists: a production start seeds no staff. The username, name and password follow the
     * back office's rules for staff (the contract's `staffInput`). The check and the insert run in
     * one transaction under an advisory lock, so two commands run at once make one owner; the audit
     * log names the new owner as the actor, from "cli".
     */
    async createFirstOwner(input: { username: string; name?: string; password: string }): Promise<StaffView> {
      const parsed = staffInput.safeParse({
        username: input.username,
        name: input.name ?? input.username,
        role: "owner",
        password: input.password,
      });
      if (!parsed.success) {
        const errors = parsed.error.issues.map((i) => ({ field: i.path.join("."), message: i.message }));
        throw badRequest("INVALID_STAFF_INPUT", errors[0]?.message ?? "資料格式錯誤", errors);
      }
      const { username, name, password } = parsed.data;
      // Hashed before the lock is taken: the transaction holds it only for the check and the insert.
      const passwordHash = await argonHash(password);
      try {
        return await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_OWNER_LOCK}::bigint)`);
          if ((await activeOwner(tx)).length > 0) throw conflict("OWNER_EXISTS", "已有啟用中的擁有者，請由後台新增員工");
          const [taken] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.username, username));
          if (taken) throw conflict("USERNAME_TAKEN", "此帳號已被使用");
          const created = single(await tx.insert(staff).values({ username, name, role: "owner", passwordHash }).returning());
          await record(
            tx,
            { staff: created, ip: "cli" },
            { action: "staff.create", entity: "staff", entityId: created.id, after: staffView(created) },
          );
          return staffView(created);
        });
      } catch (error) {
        // The back office's create does not take the lock: a clash with it lands on the unique index.
        if (isUniqueViolation(error, "staff_username_key")) throw conflict("USERNAME_TAKEN", "此帳號已被使用");
        throw error;
      }
    },
  };
}
