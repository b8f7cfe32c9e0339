import type { BindingView, SignInProvider } from "@shop/contract/front-user";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { memberIdentities, members } from "../../db/schema/index.js";
import { conflict, isUniqueViolation, notFound } from "../../lib/errors.js";

const PROVIDERS: Array<{ provider: SignInProvider; label: string }> = [
  { provider: "line", label: "LINE" },
  { provider: "google", label: "Google" },
  { provider: "facebook", label: "Facebook" },
];

export const providerLabel = (p: SignInProvider) => PROVIDERS.find((x) => x.provider === p)?.label ?? p;

/**
 * Third-party sign-ins bound to a member (threeway/get, bind, unbind). One identity belongs to at
 * most one member, and a member has at most one identity per provider (unique indexes).
 */
export function createIdentitiesService(db: Db, configured: ReadonlySet<SignInProvider> = new Set()) {
  return {
    /** The member an identity is bound to, if any. */
    async memberFor(provider: SignInProvider, subject: string): Promise<number | undefined> {
      const [row] = await db
        .select()
        .from(memberIdentities)
        .where(and(eq(memberIdentities.provider, provider), eq(memberIdentities.subject, subject)));
      return row?.memberId;
    },

    /** The LINE user id a member signed in with, which the Messaging API pushes to (same LINE provider). */
    async lineUserOf(memberId: number, q: Db | Tx = db): Promise<string | null> {
      const [row] = await q
        .select({ subject: memberIdentities.subject })
        .from(memberIdentities)
        .where(and(eq(memberIdentities.memberId, memberId), eq(memberIdentities.provider, "line")));
      return row?.subject ?? null;
    },

    async bind(memberId: number, provider: SignInProvider, subject: string) {
      const owner = await this.memberFor(provider, subject);
      if (owner === memberId) return;
      if (owner !== undefined) throw conflict("IDENTITY_BOUND_ELSEWHERE", `此 ${providerLabel(provider)} 帳號已綁定其他會員`);
      const [mine] = await db
        .select()
        .from(memberIdentities)
        .where(and(eq(memberIdentities.memberId, memberId), eq(memberIdentities.provider, provider)));
      if (mine) throw conflict("PROVIDER_ALREADY_BOUND", `您已綁定另一個 ${providerLabel(provider)} 帳號，請先解除綁定`);
      try {
        await db.insert(memberIdentities).values({ memberId, provider, subject });
      } catch (error) {
        // A concurrent bind of the same identity or provider won.
        if (isUniqueViolation(error))
          throw conflict("IDENTITY_BOUND_ELSEWHERE", `此 ${providerLabel(provider)} 帳號已綁定其他會員`);
        throw error;
      }
    },

    /** Refuses to remove the member's last way to sign in (no password and no other identity). */
    async unbind(memberId: number, provider: SignInProvider) {
      const rows = await db.select().from(memberIdentities).where(eq(memberIdentities.memberId, memberId));
      if (!rows.some((r) => r.provider === provider)) throw notFound("IDENTITY_NOT_BOUND", `尚未綁定 ${providerLabel(provider)}`);
      const [member] = await db.select({ passwordHash: members.passwordHash }).from(members).where(eq(members.id, memberId));
      if (!member?.passwordHash && rows.length <= 1) {
        throw conflict("LAST_SIGN_IN_METHOD", "這是您唯一的登入方式，請先以「忘記密碼」設定密碼或綁定其他帳號再解除");
      }
      await db
        .delete(memberIdentities)
        .where(and(eq(memberIdentities.memberId, memberId), eq(memberIdentities.provider, provider)));
    },

    async bindings(memberId: number): Promise<BindingView[]> {
      const rows = await db.select().from(memberIdentities).where(eq(memberIdentities.memberId, memberId));
      return PROVIDERS.map(({ provider, label }) => {
        const row = rows.find((r) => r.provider === provider);
        return {
          provider,
          label,
          bound: Boolean(row),
          bound_at: row?.createdAt.toISOString() ?? null,
          available: configured.has(provider),
        };
      });
    },
  };
}

export type IdentitiesService = ReturnType<typeof createIdentitiesService>;
