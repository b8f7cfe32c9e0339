import nodemailer, { type Transporter } from "nodemailer";
import { DeliveryError } from "../delivery.js";
import type { MailMessage, MailSender } from "./index.js";

/**
 * E-mail over SMTP with nodemailer (decision 35). The server's reply decides what happens next: a
 * 5xx reply (unknown mailbox, refused sender) is permanent; 4xx replies and connection failures are
 * retried by the outbox.
 */
export class SmtpMailSender implements MailSender {
  readonly name = "smtp";
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    const timeouts = new URLSearchParams({ connectionTimeout: "10000", greetingTimeout: "10000", socketTimeout: "20000" });
    this.transport = nodemailer.createTransport(`${url}${url.includes("?") ? "&" : "?"}${timeouts}`);
  }

  async send(m: MailMessage): Promise<string> {
    try {
      const info = await this.transport.sendMail({
        from: this.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        replyTo: m.replyTo,
        messageId: m.messageId,
      });
      return String(info.response ?? "accepted");
    } catch (error) {
      const e = error as Error & { responseCode?: number; response?: string };
      const answer = e.response ?? e.message;
      throw new DeliveryError(e.responseCode !== undefined && e.responseCode >= 500, answer);
    }
  }

  close() {
    this.transport.close();
  }
}
