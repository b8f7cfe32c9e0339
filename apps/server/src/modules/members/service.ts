import type { Lang, PublicUser } from "@shop/contract";
import { and, asc, count, desc, eq, gt, isNull, like, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { members } from "../../db/schema/index.js";
import { newRefcode } from "../../lib/crypto.js";
import { conflict, fieldError, isUniqueViolation, notFound } from "../../lib/errors.js";
import { likeEscape } from "../../lib/like.js";

export type Member = typeof members.$inferSelect;

export interface NewMember {
  phone: string;
  email?: string;
  name: string;
  passwordHash: string | null;
  uplineId?: number;
  shopId: number;
  /** The storefront language the member registers on (decision 109). */
  lang?: Lang;
}

/** Only Chinese characters: a name's part, found through name_tokens (migration 0053). */
const HAN_ONLY = /^[\u3400-\u9fff]+$/;

/** The tokens a name containing `q` must have: the character itself, or each pair of neighbours. */
function nameTokensOf(q: string): string[] {
  const chars = [...q];
  return chars.length === 1 ? chars : chars.slice(1).map((c, i) => `${chars[i]}${c}`);
}

/**
 * Back office search: digits are a phone number's start, a 推薦碼's start or a member number;
 * Chinese is a part of a name, through its tokens' GIN index (index reads at 300,000 members,
 * issue 51); anything else is also looked for inside names and e-mail.
 */
function memberKeyword(q: string) {
  const refcode = like(members.refcode, `${likeEscape(q.toUpperCase())}%`);
  if (/^\d+$/.test(q)) return or(like(members.phone, `${q}%`), refcode, q.length <= 9 ? eq(members.id, Number(q)) : undefined);
  if (HAN_ONLY.test(q)) {
    const tokens = sql`array[${sql.join(
      nameTokensOf(q).map((t) => sql`${t}`),
      sql`, `,
    )}]::text[]`;
    return and(sql`${members.nameTokens} @> ${tokens}`, like(members.name, `%${q}%`));
  }
  return or(
    like(members.phone, `${likeEscape(q)}%`),
    refcode,
    like(members.name, `%${likeEscape(q)}%`),
    like(members.email, `%${likeEscape(q.toLowerCase())}%`),
  );
}

/** Members own their profile; other modules read members only through this service. */
export function createMembersService(db: Db) {
  const byId = async (id: number, q: Db | Tx = db) => (await q.select().from(members).where(eq(members.id, id)))[0];

  /** How a message to the member alone addresses them: display name (nickname, else name) and language. */
  async function addressee(id: number, q: Db | Tx = db): Promise<{ name: string; lang: Lang }> {
    const [row] = await q
      .select({ name: members.name, nickname: members.nickname, lang: members.lang })
      .from(members)
      .where(eq(members.id, id));
    return { name: row ? row.nickname || row.name : "", lang: row?.lang ?? "zh-TW" };
  }
  return {
    byId,
    /** Back office search: phone or refcode prefix, name or email substring, or a member number. */
    async search(filter: { q?: string; shop_id?: number }, page: number, perPage: number) {
      const q = filter.q?.trim();
      const where = and(filter.shop_id ? eq(members.shopId, filter.shop_id) : undefined, q ? memberKeyword(q) : undefined);
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(members).where(where),
        db
          .select()
          .from(members)
          .where(where)
          .orderBy(desc(members.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
      ]);
      return { total: total?.n ?? 0, rows };
    },
    async countUnder(uplineId: number) {
      const [row] = await db.select({ n: count() }).from(members).where(eq(members.uplineId, uplineId));
      return row?.n ?? 0;
    },
    async byPhone(phone: string, q: Db | Tx = db) {
      return (await q.select().from(members).where(eq(members.phone, phone)))[0];
    },
    /** Sign-in accepts a phone number or an email address. */
    async byAccount(account: string) {
      const where = account.includes("@") ? sql`lower(${members.email}) = lower(${account})` : eq(members.phone, account);
      return (await db.select().from(members).where(where))[0];
    },
    async byRefcode(refcode: string, q: Db | Tx = db) {
      return (await q.select().from(members).where(eq(members.refcode, refcode.toUpperCase())))[0];
    },
    async emailTaken(email: string, q: Db | Tx = db) {
      const rows = await q.select({ id: members.id }).from(members).where(sql`lower(${members.email}) = lower(${email})`);
      return rows.length > 0;
    },
    /** Inserts a member with a fresh referral code (retried on the rare code collision). */
    async create(tx: Tx, input: NewMember): Promise<Member> {
      for (let attempt = 0; ; attempt++) {
        const refcode = newRefcode();
        try {
          // A savepoint keeps the outer transaction usable if the refcode collides.
          return await tx.transaction(async (sp) => {
            const [row] = await sp
              .insert(members)
              .values({ ...input, email: input.email ?? null, refcode })
              .returning();
            if (!row) throw new Error("insert returned no row");
            return row;
          });
        } catch (error) {
          if (attempt < 5 && isUniqueViolation(error, "members_refcode_key")) continue;
          throw error;
        }
      }
    },
    async setPasswordHash(id: number, passwordHash: string, q: Db | Tx = db) {
      await q.update(members).set({ passwordHash, updatedAt: new Date() }).where(eq(members.id, id));
    },
    /** Staff's edit of a member's profile, inside their transaction (a phone or e-mail another member has is refused). */
    async updateProfile(tx: Tx, id: number, p: { name: string; nickname: string | null; phone: string; email: string | null }) {
      try {
        return await tx.transaction(async (sp) => {
          const [row] = await sp
            .update(members)
            .set({ name: p.name, nickname: p.nickname, phone: p.phone, email: p.email, updatedAt: new Date() })
            .where(and(eq(members.id, id), ne(members.status, "closed")))
            .returning();
          if (!row) throw notFound("MEMBER_NOT_FOUND", "找不到此會員，或此帳號已註銷");
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error, "members_phone_key")) throw fieldError("phone", "此手機號碼已被其他會員使用");
        if (isUniqueViolation(error, "members_email_key")) throw fieldError("email", "此電子郵件已被其他會員使用");
        throw error;
      }
    },
    addressee,
    /** The language of the page the member just signed in on; written only when it changed. */
    async rememberLang(id: number, lang: Lang) {
      await db
        .update(members)
        .set({ lang })
        .where(and(eq(members.id, id), ne(members.lang, lang)));
    },
    /** The member sets their birthday once (decision 95); a second time is refused — staff correct it. */
    async setBirthday(id: number, birthday: string): Promise<Member> {
      const [row] = await db
        .update(members)
        .set({ birthday, updatedAt: new Date() })
        .where(and(eq(members.id, id), isNull(members.birthday)))
        .returning();
      if (!row) throw conflict("BIRTHDAY_ALREADY_SET", "生日設定後無法自行修改，如需更正請聯絡客服");
      return row;
    },
    /** Staff's correction of a member's birthday, inside their transaction (for the audit log: before and after). */
    async correctBirthday(tx: Tx, id: number, birthday: string | null) {
      const [before] = await tx.select().from(members).where(eq(members.id, id)).for("update");
      if (!before) throw notFound("MEMBER_NOT_FOUND", "找不到此會員");
      await tx.update(members).set({ birthday, updatedAt: new Date() }).where(eq(members.id, id));
      return { before: before.birthday, after: birthday };
    },
    /** Active members born in a month ("MM"), by id after `afterId`: the birthday job's pages. */
    async bornIn(month: string, afterId: number, limit: number) {
      return db
        .select({ id: members.id, name: members.name, shopId: members.shopId })
        .from(members)
        .where(and(eq(members.status, "active"), like(members.birthday, `%-${month}-%`), gt(members.id, afterId)))
        .orderBy(asc(members.id))
        .limit(limit);
    },
    /** Binds a member to a mall (a sub-mall's owner to their shop; a released owner back to the main mall). */
    async bindToShop(tx: Tx, id: number, shopId: number) {
      await tx.update(members).set({ shopId }).where(eq(members.id, id));
    },

    /** Suspends or reinstates a member (sign-in and every session check the status), locking the row. */

    async setStatus(tx: Tx, id: number, status: Member["status"]) {
      const [before] = await tx.select().from(members).where(eq(members.id, id)).for("update");
      if (!before) throw notFound("MEMBER_NOT_FOUND", "找不到此會員");
      if (before.status === "closed") throw conflict("ACCOUNT_ALREADY_CLOSED", "此帳號已註銷，無法停用或恢復");
      if (before.status === status)
        throw conflict("MEMBER_STATUS_UNCHANGED", status === "disabled" ? "此帳號已是停用狀態" : "此帳號已是啟用狀態");
      await tx.update(members).set({ status, updatedAt: new Date() }).where(eq(members.id, id));
      return before;
    },
    async updateNickname(id: number, nickname: string): Promise<Member> {
      const [row] = await db.update(members).set({ nickname, updatedAt: new Date() }).where(eq(members.id, id)).returning();
      if (!row) throw notFound("MEMBER_NOT_FOUND", "找不到會員資料");
      return row;
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;

export function toPublicUser(m: Member, isSeller: boolean): PublicUser {
  return {
    id: m.id,
    phone: m.phone,
    email: m.email,
    name: m.name,
    nickname: m.nickname,
    refcode: m.refcode,
    shop_id: m.shopId,
    is_seller: isSeller,
    created_at: m.createdAt.toISOString(),
    birthday: m.birthday,
  };
}
