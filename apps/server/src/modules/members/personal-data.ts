import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { favorites, memberAddresses, memberDataRequests, memberIdentities, members } from "../../db/schema/index.js";
import { conflict, forbidden, notFound } from "../../lib/errors.js";
import { providerLabel } from "./identities.js";
import type { Member } from "./service.js";

type DataRequestKind = (typeof memberDataRequests.$inferSelect)["kind"];

/** What a closed account's row keeps: its number, when it joined, the shop and the referral links (decision 78). */
const CLOSED_NAME = "已註銷會員";
/** Never a phone number anyone can type (sign-in and registration take 09xxxxxxxx): the number is free again. */
const closedPhone = (id: number) => `closed:${id}`;
/** Lower-case with a colon: a referral code typed in is upper-cased, so it can never match. */
const closedRefcode = (id: number) => `closed:${id}`;

/**
 * The members module's part of a member's personal data (個資法 art. 3, 10, 11; decision 78): the
 * profile, the address book, favourites and third-party bindings to export, the erasure of them
 * when the account closes, and the record of every export and erasure (member_data_requests).
 */
export function createMemberPersonalData(db: Db, now: () => Date = () => new Date()) {
  return {
    /** The account row, locked for the closing transaction; a closed or unknown member is refused. */
    async lockForClosing(tx: Tx, memberId: number): Promise<Member> {
      const [m] = await tx.select().from(members).where(eq(members.id, memberId)).for("update");
      if (!m) throw notFound("MEMBER_NOT_FOUND", "找不到此會員");
      if (m.status === "closed") throw conflict("ACCOUNT_ALREADY_CLOSED", "此帳號已註銷");
      return m;
    },

    /**
     * Checkout's guard, first in the order's transaction: the member's row is held (key share) until
     * the order commits, so closing the account waits for it and then sees the order; an order that
     * waited for a closing sees the account closed and is refused.
     */
    async holdActive(tx: Tx, memberId: number) {
      const [m] = await tx.select({ status: members.status }).from(members).where(eq(members.id, memberId)).for("key share");
      if (m?.status !== "active") throw forbidden("ACCOUNT_NOT_ACTIVE", "此帳號已停用或已註銷，無法下單");
    },

    async profile(memberId: number) {
      const [m] = await db.select().from(members).where(eq(members.id, memberId));
      if (!m) throw notFound("MEMBER_NOT_FOUND", "找不到此會員");
      const [referred] = await db.select({ n: count() }).from(members).where(eq(members.uplineId, memberId));
      return {
        member_no: m.id,
        name: m.name,
        nickname: m.nickname,
        phone: m.phone,
        email: m.email,
        birthday: m.birthday,
        language: m.lang,
        has_password: m.passwordHash !== null,
        refcode: m.refcode,
        registered_in_shop: m.shopId,
        referred_by_a_member: m.uplineId !== null,
        members_referred: referred?.n ?? 0,
        status: m.status,
        joined_at: m.createdAt.toISOString(),
        updated_at: m.updatedAt.toISOString(),
      };
    },

    async addresses(memberId: number) {
      const rows = await db
        .select()
        .from(memberAddresses)
        .where(eq(memberAddresses.memberId, memberId))
        .orderBy(asc(memberAddresses.id));
      return rows.map((a) => ({
        name: a.name,
        phone: a.phone,
        zip: a.zip,
        county: a.county,
        district: a.district,
        line: a.line,
        saved_at: a.createdAt.toISOString(),
      }));
    },

    /** Liked products: their numbers and when (the flow adds the names from the catalogue). */
    async favorites(memberId: number) {
      const rows = await db.select().from(favorites).where(eq(favorites.memberId, memberId)).orderBy(asc(favorites.createdAt));
      return rows.map((f) => ({ product_id: f.productId, liked_at: f.createdAt.toISOString() }));
    },

    /** Third-party sign-ins bound: the provider's name and when, never the provider's user id. */
    async bindings(memberId: number) {
      const rows = await db
        .select()
        .from(memberIdentities)
        .where(eq(memberIdentities.memberId, memberId))
        .orderBy(asc(memberIdentities.id));
      return rows.map((r) => ({ provider: providerLabel(r.provider), bound_at: r.createdAt.toISOString() }));
    },

    /**
     * Everything personal goes: the address book, favourites and bindings are deleted; the row keeps
     * its number (orders, ledgers and referral links point at it) with the name replaced and the
     * phone, e-mail, nickname, password and referral code gone, so the phone and e-mail may register
     * again as a new member and the old referral code leads nowhere.
     */
    async erase(tx: Tx, memberId: number) {
      await tx.delete(memberAddresses).where(eq(memberAddresses.memberId, memberId));
      await tx.delete(favorites).where(eq(favorites.memberId, memberId));
      await tx.delete(memberIdentities).where(eq(memberIdentities.memberId, memberId));
      await tx
        .update(members)
        .set({
          name: CLOSED_NAME,
          nickname: null,
          phone: closedPhone(memberId),
          email: null,
          birthday: null,
          passwordHash: null,
          refcode: closedRefcode(memberId),
          status: "closed",
          updatedAt: now(),
        })
        .where(eq(members.id, memberId));
    },

    /** Records an export or an erasure (who asked, from where, what was done). */
    async record(
      q: Db | Tx,
      r: { memberId: number | null; kind: DataRequestKind; actor: string; detail?: Record<string, unknown>; ip?: string },
    ) {
      await q.insert(memberDataRequests).values({
        memberId: r.memberId,
        kind: r.kind,
        actor: r.actor,
        detail: r.detail ?? {},
        ip: r.ip ?? "",
        createdAt: now(),
      });
    },

    /** The member's own exports and erasures, newest first. */
    async requests(memberId: number, kinds?: DataRequestKind[]) {
      const rows = await db
        .select()
        .from(memberDataRequests)
        .where(and(eq(memberDataRequests.memberId, memberId), kinds ? inArray(memberDataRequests.kind, kinds) : undefined))
        .orderBy(desc(memberDataRequests.id));
      return rows.map((r) => ({ kind: r.kind, detail: r.detail, at: r.createdAt.toISOString() }));
    },
  };
}
