import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { providerStatus } from "../../db/schema/index.js";
import type { ProviderCalls } from "../../integrations/observed.js";
import type { Channel } from "../../lib/config/setting-docs.js";

/** A success is written at most this often per provider and instance; every failure is written. */
const SUCCESS_WRITE_MS = 60_000;

/**
 * Each provider's calls: counted in memory for /metrics (this instance), and the last success and
 * last failure kept in the database for the 系統狀態 page (every instance). Writing never holds up
 * or fails the call it reports.
 */
export function createProviderStatus(db: Db, onError: (error: unknown) => void, now: () => Date = () => new Date()) {
  const counts = new Map<string, number>();
  const lastWritten = new Map<Channel, number>();

  function write(channel: Channel, ok: boolean, detail: string) {
    const at = now();
    const set = ok
      ? { lastSuccessAt: sql`greatest(${providerStatus.lastSuccessAt}, excluded.last_success_at)` }
      : { lastFailureAt: sql`greatest(${providerStatus.lastFailureAt}, excluded.last_failure_at)`, lastFailure: detail };
    db.insert(providerStatus)
      .values({ provider: channel, ...(ok ? { lastSuccessAt: at } : { lastFailureAt: at, lastFailure: detail }) })
      .onConflictDoUpdate({ target: providerStatus.provider, set })
      .then(undefined, onError);
  }

  const calls: ProviderCalls = {
    record(channel, ok, detail) {
      const key = `${channel}|${ok ? "ok" : "failed"}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      const t = now().getTime();
      if (ok && t - (lastWritten.get(channel) ?? 0) < SUCCESS_WRITE_MS) return;
      if (ok) lastWritten.set(channel, t);
      write(channel, ok, (detail ?? "").slice(0, 300));
    },
  };

  return {
    calls,
    /** Calls made by this instance since it started, by provider and outcome. */
    counts: () =>
      [...counts].map(([key, n]) => {
        const [provider, outcome] = key.split("|") as [string, string];
        return { provider, outcome, n };
      }),
    async all() {
      return db.select().from(providerStatus);
    },
  };
}

export type ProviderStatus = ReturnType<typeof createProviderStatus>;
