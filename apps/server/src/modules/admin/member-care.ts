import type { Db } from "../../db/client.js";
import type { AuthService } from "../auth/service.js";
import type { MembersService } from "../members/service.js";
import type { Actor, StaffService } from "../staff/service.js";

/**
 * Staff caring for a member's account (decision 38): correcting the profile, suspending it (every
 * session ends at once and sign-in is refused with 「此帳號已停用，請聯繫客服」) and reinstating it.
 * Each change and its audit entry (with the reason) commit together.
 */
export function createMemberCare(d: {
  db: Db;
  members: MembersService;
  auth: AuthService;
  staff: StaffService;
  /** Told after a phone change commits: the old number hears of it (decision 77). */
  onPhoneChanged?: (memberId: number, oldPhone: string, newPhone: string) => Promise<void>;
}) {
  return {
    /**
     * A changed phone is a changed account: sign-in, payout and closing codes go to it from now. So
     * every session ends (whoever asked staff must sign in with it) and the old number is told —
     * a talked-into or stolen back-office session cannot move a member's account quietly.
     */
    async updateProfile(
      actor: Actor,
      id: number,
      p: { name: string; nickname: string | null; phone: string; email: string | null },
    ) {
      const moved = await d.db.transaction(async (tx) => {
        const before = await d.members.byId(id, tx);
        const after = await d.members.updateProfile(tx, id, p);
        const phoneChanged = before && after && before.phone !== after.phone;
        if (phoneChanged) await d.auth.revokeAll(tx, id);
        const pick = (m: typeof after | undefined) => m && { name: m.name, nickname: m.nickname, phone: m.phone, email: m.email };
        await d.staff.record(tx, actor, {
          action: "member.update",
          entity: "member",
          entityId: id,
          before: pick(before),
          after: pick(after),
        });
        return phoneChanged ? { from: before.phone, to: after.phone } : null;
      });
      if (moved) await d.onPhoneChanged?.(id, moved.from, moved.to).catch(() => undefined);
    },
    suspend(actor: Actor, id: number, reason: string) {
      return d.db.transaction(async (tx) => {
        await d.members.setStatus(tx, id, "disabled");
        await d.auth.revokeAll(tx, id);
        await d.staff.record(tx, actor, {
          action: "member.suspend",
          entity: "member",
          entityId: id,
          before: { status: "active" },
          after: { status: "disabled", reason },
        });
      });
    },
    signInLockedUntil: (id: number) => d.auth.signInLockedUntil(id),
    /** Lifts a lock failed sign-ins put on the account (decision 77); the member may try again at once. */
    async unlockSignIn(actor: Actor, id: number) {
      const until = await d.auth.signInLockedUntil(id);
      await d.auth.unlockSignIn(id);
      await d.db.transaction((tx) =>
        d.staff.record(tx, actor, {
          action: "member.unlock_sign_in",
          entity: "member",
          entityId: id,
          before: { locked_until: until?.toISOString() ?? null },
          after: { locked_until: null },
        }),
      );
    },
    reinstate(actor: Actor, id: number, reason: string) {
      return d.db.transaction(async (tx) => {
        await d.members.setStatus(tx, id, "active");
        await d.staff.record(tx, actor, {
          action: "member.reinstate",
          entity: "member",
          entityId: id,
          before: { status: "disabled" },
          after: { status: "active", reason },
        });
      });
    },
  };
}

export type MemberCare = ReturnType<typeof createMemberCare>;
