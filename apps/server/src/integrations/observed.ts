import type { Channel } from "../lib/config/setting-docs.js";
import type { MailMessage, MailSender } from "./mail/index.js";

/** Told of every call to an outside provider: reachable and answering, or not (the 系統狀態 page and /metrics). */
export interface ProviderCalls {
  record(channel: Channel, ok: boolean, detail?: string): void;
}

export const ignoreCalls: ProviderCalls = { record() {} };

/**
 * A fetch that reports each answer: a provider that answered (even a refusal, a 4xx) is working;
 * a 5xx, a 429, a time-out or a connection error is a failure.
 */
export function observedFetch(calls: ProviderCalls, channel: Channel, inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    try {
      const res = await inner(input, init);
      const ok = res.status < 500 && res.status !== 429;
      calls.record(channel, ok, ok ? undefined : `HTTP ${res.status}`);
      return res;
    } catch (error) {
      // fetch says only "fetch failed"; the reason (ECONNREFUSED, a time-out…) is its cause.
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      calls.record(channel, false, [(error as Error).message, cause?.code ?? cause?.message].filter(Boolean).join(": "));
      throw error;
    }
  };
}

/** The same for e-mail: a permanent refusal (5xx for one address) still means the server answered. */
export function observedMail(calls: ProviderCalls, sender: MailSender): MailSender {
  return {
    name: sender.name,
    async send(m: MailMessage) {
      try {
        const answer = await sender.send(m);
        calls.record("email", true);
        return answer;
      } catch (error) {
        const permanent = (error as { permanent?: boolean }).permanent === true;
        calls.record("email", permanent, permanent ? undefined : (error as Error).message);
        throw error;
      }
    },
  };
}
