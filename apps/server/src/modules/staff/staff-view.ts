import { can, PERMISSIONS, type Permission, type StaffView } from "@shop/contract/admin";
import type { staff } from "../../db/schema/index.js";
import { activeLock, type Guard, liveFailures } from "./sign-in-guard.js";

export type Staff = typeof staff.$inferSelect;

/** A staff account as the back office shows it, with its sign-in lock when one is given. */
export function staffView(s: Staff, guard: Guard | null = null, at: Date = new Date()): StaffView {
  return {
    id: s.id,
    username: s.username,
    name: s.name,
    role: s.role,
    totp_enabled: s.totpSecret !== null,
    active: s.active,
    last_login_at: s.lastLoginAt?.toISOString() ?? null,
    locked_until: activeLock(guard, at)?.toISOString() ?? null,
    failed_sign_ins: liveFailures(guard, at),
    permissions: (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(s.role, p)),
  };
}
