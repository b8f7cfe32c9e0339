import type { balanceAdjustInput, issueCouponInput } from "@shop/contract/admin";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { conflict, notFound } from "../../lib/errors.js";
import type { LoyaltyService } from "../loyalty/service.js";
import type { IdentitiesService } from "../members/identities.js";
import type { MembersService } from "../members/service.js";
import type { OrderViews } from "../orders/views.js";
import type { Actor, StaffService } from "../staff/service.js";

/**
 * The back office's members: the list, one member's account (balances, recent orders, sign-in
 * bindings, ledgers), and what staff give them (a coupon, points or money); each gift audited.
 */
export function createMemberAdmin(d: {
  db: Db;
  members: MembersService;
  identities: IdentitiesService;
  loyalty: LoyaltyService;
  orderViews: OrderViews;
  now: () => Date;
  record: StaffService["record"];
  couponMustExist: (ids: number[], field: string) => Promise<void>;
}) {
  const record = d.record;
  /** A member staff may still give points, money or coupons to: a closed account takes nothing (decision 78). */
  const openAccount = async (memberId: number) => {
    const m = await d.members.byId(memberId);
    if (!m) throw notFound("MEMBER_NOT_FOUND", "找不到此會員");
    if (m.status === "closed") throw conflict("ACCOUNT_ALREADY_CLOSED", "此帳號已註銷");
  };

  return {
    async members(filter: { q?: string; shop_id?: number }, page: number, perPage: number) {
      const { total, rows } = await d.members.search(filter, page, perPage);
      return {
        total,
        items: rows.map((m) => ({
          id: m.id,
          name: m.name,
          phone: m.phone,
          email: m.email,
          refcode: m.refcode,
          shop_id: m.shopId,
          status: m.status,
          created_at: m.createdAt.toISOString(),
        })),
      };
    },
    async member(id: number) {
      const m = await d.members.byId(id);
      if (!m) throw notFound("MEMBER_NOT_FOUND", "找不到此會員");
      const [balances, orders, bindings, referrals, points, wallet] = await Promise.all([
        d.loyalty.balances(id),
        d.orderViews.list(id, undefined, 1, 10),
        d.identities.bindings(id),
        d.members.countUnder(id),
        d.loyalty.ledger("points", id, 1, 10),
        d.loyalty.ledger("wallet", id, 1, 10),
      ]);
      return {
        id: m.id,
        name: m.name,
        nickname: m.nickname,
        phone: m.phone,
        email: m.email,
        refcode: m.refcode,
        upline_id: m.uplineId,
        shop_id: m.shopId,
        status: m.status,
        created_at: m.createdAt.toISOString(),
        points: balances.points,
        wallet: balances.wallet,
        referrals,
        bindings: bindings.filter((b) => b.bound).map((b) => b.label),
        recent_orders: orders.list,
        points_ledger: points,
        wallet_ledger: wallet,
      };
    },
    /** Gives a member a copy of a coupon valid for `days`, as a ledger of issued coupons. */
    async issueCoupon(actor: Actor, memberId: number, input: z.infer<typeof issueCouponInput>) {
      await openAccount(memberId);
      await d.couponMustExist([input.coupon_id], "coupon_id");
      const expiresAt = new Date(d.now().getTime() + input.days * 86_400_000);
      await d.db.transaction(async (tx) => {
        await d.loyalty.issueCoupons(tx, memberId, [input.coupon_id], expiresAt);
        await record(tx, actor, {
          action: "member.issue_coupon",
          entity: "member",
          entityId: memberId,
          after: { coupon_id: input.coupon_id, expires_at: expiresAt.toISOString() },
        });
      });
      return this.member(memberId);
    },
    async adjustBalance(actor: Actor, memberId: number, input: z.infer<typeof balanceAdjustInput>) {
      await openAccount(memberId);
      await d.db.transaction(async (tx) => {
        const before = await d.loyalty.balances(memberId, tx);
        const ref = `staff-adjust:${actor.staff.id}:${d.now().getTime()}`;
        const reason = `客服調整：${input.reason}`;
        if (input.kind === "points") await d.loyalty.changePoints(tx, memberId, input.delta, reason, ref);
        else await d.loyalty.changeWallet(tx, memberId, input.delta, reason, ref);
        const after = await d.loyalty.balances(memberId, tx);
        await record(tx, actor, {
          action: `member.adjust_${input.kind}`,
          entity: "member",
          entityId: memberId,
          before,
          after: { ...after, delta: input.delta, reason: input.reason },
        });
      });
      return this.member(memberId);
    },
  };
}
