import { DeliveryError } from "../delivery.js";

/** One push to a LINE user: what the provider answered. */
export interface LineMessaging {
  readonly simulated: boolean;
  push(to: string, text: string, retryKey: string): Promise<string>;
}

export interface LineMessagingConfig {
  baseUrl: string;
  channelAccessToken: string;
  fetch?: typeof fetch;
}

/** LINE caps a text message at 5,000 characters. */
const MAX_TEXT = 5000;

/**
 * LINE Messaging API push (`POST /v2/bot/message/push`, Bearer channel access token, JSON
 * `{to, messages: [{type: "text", text}]}`). `X-Line-Retry-Key` (a UUID) makes a retry of an
 * accepted request answer 409 instead of sending again, so a message whose answer was lost is
 * not delivered twice: we count that 409 as delivered. 4xx other than 409 and 429 are permanent
 * (bad token 401, a user who blocked the account 403/400); 429 and 5xx are retried.
 */
export function createLineMessaging(config: LineMessagingConfig, simulated = false): LineMessaging {
  const doFetch = config.fetch ?? fetch;
  return {
    simulated,
    async push(to, text, retryKey) {
      let res: Response;
      try {
        res = await doFetch(`${config.baseUrl}/v2/bot/message/push`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${config.channelAccessToken}`,
            "content-type": "application/json",
            "x-line-retry-key": retryKey,
          },
          body: JSON.stringify({ to, messages: [{ type: "text", text: text.slice(0, MAX_TEXT) }] }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new DeliveryError(false, `LINE unreachable: ${(error as Error).message}`);
      }
      const body = (await res.text()).slice(0, 300);
      const answer = `${res.status} ${body}`.trim();
      if (res.ok) return answer;
      if (res.status === 409 && res.headers.get("x-line-accepted-request-id")) return `${answer} (already accepted)`;
      throw new DeliveryError(res.status >= 400 && res.status < 500 && res.status !== 429, answer);
    },
  };
}
