import type { BindingView, SignInProvider } from "@shop/contract/front-user";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { memberIdentities } from "../../db/schema/index.js";

const PROVIDERS: Array<{ provider: SignInProvider; label: string }> = [
  { provider: "line", label: "LINE" },
  { provider: "google", label: "Google" },
  { provider: "facebook", label: "Facebook" },
];

/**
 * Third-party sign-ins bound to a member (threeway/get). Binding and signing in with a provider
 * come with the sign-in issue; until a provider is configured it is listed as not available.
 */
export function createIdentitiesService(db: Db, configured: ReadonlySet<SignInProvider> = new Set()) {
  return {
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
