import type { FastifyBaseLogger } from "fastify";

export interface SmsMessage {
  phone: string;
  text: string;
  clientId?: string;
  sentAt: Date;
}

/** Sends one text message. Real providers implement this; the default only logs. */
export interface SmsSender {
  readonly name: string;
  /** `clientId` lets a provider that supports it drop a repeat of the same message (Mitake's clientid). */
  send(phone: string, text: string, opts?: { clientId?: string }): Promise<string | undefined>;
}

/** Default sink: one log line per message with the phone number and the text. */
export class LogSmsSender implements SmsSender {
  readonly name = "log";
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(phone: string, text: string): Promise<string | undefined> {
    this.log.info({ sms: { phone, text } }, `SMS to ${phone}: ${text}`);
    return "logged";
  }
}

/** Test mode: logs like the default and keeps the messages so tests can read them. */
export class CapturingSmsSender implements SmsSender {
  readonly name = "capture";
  readonly sent: SmsMessage[] = [];
  constructor(private readonly inner: SmsSender) {}
  async send(phone: string, text: string, opts?: { clientId?: string }): Promise<string | undefined> {
    const answer = await this.inner.send(phone, text, opts);
    this.sent.push({ phone, text, clientId: opts?.clientId, sentAt: new Date() });
    if (this.sent.length > 1000) this.sent.splice(0, this.sent.length - 1000);
    return answer;
  }
  /** The last message to `phone`; with `matching`, the last one whose text matches. */
  lastTo(phone: string, matching?: RegExp): SmsMessage | undefined {
    for (let i = this.sent.length - 1; i >= 0; i--) {
      const m = this.sent[i];
      if (m?.phone === phone && (!matching || matching.test(m.text))) return m;
    }
    return undefined;
  }
}
