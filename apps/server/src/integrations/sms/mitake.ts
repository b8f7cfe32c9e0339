import { DeliveryError } from "../delivery.js";
import type { SmsSender } from "./index.js";

export interface MitakeConfig {
  url: string;
  username: string;
  password: string;
  fetch?: typeof fetch;
  /** Told about each failure (the shopper only sees 「簡訊發送失敗」). */
  onError?: (error: Error, phone: string) => void;
}

/**
 * Mitake (三竹) SmSend: a form POST; the answer is `[1]` blocks of key=value
 * lines. statuscode 0–4 means accepted or delivered; 5–9 are failures and letters request
 * errors (e: bad credentials, v: bad number…), which we raise so the caller can say it failed.
 */
export function parseMitakeAnswer(body: string): { msgid: string; statuscode: string; accountPoint?: string } {
  const fields = Object.fromEntries(
    body
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l.includes("="))
      .map((l) => [l.slice(0, l.indexOf("=")).toLowerCase(), l.slice(l.indexOf("=") + 1)]),
  );
  return { msgid: fields.msgid ?? "", statuscode: fields.statuscode ?? "", accountPoint: fields.accountpoint };
}

export class MitakeSmsSender implements SmsSender {
  readonly name = "mitake";
  constructor(private readonly config: MitakeConfig) {}

  async send(phone: string, text: string, opts?: { clientId?: string }): Promise<string | undefined> {
    try {
      return await this.post(phone, text, opts?.clientId);
    } catch (error) {
      this.config.onError?.(error as Error, phone);
      throw error;
    }
  }

  private async post(phone: string, text: string, clientId?: string): Promise<string> {
    const form = new URLSearchParams({
      username: this.config.username,
      password: this.config.password,
      dstaddr: phone,
      smbody: text,
    });
    // Mitake drops a second message with the same clientid (kept 12 hours): a retry after a lost answer sends nothing.
    if (clientId) form.set("clientid", clientId);
    const res = await (this.config.fetch ?? fetch)(this.config.url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new DeliveryError(res.status < 500 && res.status !== 429, `Mitake HTTP ${res.status}`);
    const answer = parseMitakeAnswer(await res.text());
    // A refused message (bad number, bad credentials, content) is refused again on retry.
    if (!/^[0-4]$/.test(answer.statuscode)) throw new DeliveryError(true, `Mitake statuscode ${answer.statuscode || "(none)"}`);
    return `msgid=${answer.msgid} statuscode=${answer.statuscode}`;
  }
}
