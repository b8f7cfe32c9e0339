import type { FastifyBaseLogger } from "fastify";

/** Sends one e-mail. A real provider implements this; the default writes it to the log. */
export interface MailSender {
  readonly name: string;
  send(message: { to: string; subject: string; text: string; replyTo?: string }): Promise<void>;
}

export class LogMailSender implements MailSender {
  readonly name = "log";
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(message: { to: string; subject: string; text: string; replyTo?: string }): Promise<void> {
    this.log.info({ mail: message }, `Mail to ${message.to}: ${message.subject}`);
  }
}
