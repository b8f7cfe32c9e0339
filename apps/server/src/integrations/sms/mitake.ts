import type { SmsSender } from "./index.js";

export interface MitakeConfig {
  url: string;
  username: string;
  password: string;
  fetch?: typeof fetch;
  /** Told about each failure (the shopper only sees 「簡訊發送失敗」). */
  onError?: (error: Error, phone: string) => void;
}

class SmsSendError extends Error {}

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

  async send(phone: string, text: string): Promise<void> {
    try {
      await this.post(phone, text);
    } catch (error) {
      this.config.onError?.(error as Error, phone);
      throw error;
    }
  }

  private async post(phone: string, text: string): Promise<void> {
    const form = new URLSearchParams({
      username: this.config.username,
      password: this.config.password,
      dstaddr: phone,
      smbody: text,
    });
    const res = await (this.config.fetch ?? fetch)(this.config.url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new SmsSendError(`Mitake HTTP ${res.status}`);
    const answer = parseMitakeAnswer(await res.text());
    if (!/^[0-4]$/.test(answer.statuscode)) throw new SmsSendError(`Mitake statuscode ${answer.statuscode || "(none)"}`);
  }
}
