export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** A stable Message-ID, so a repeat of the same message can be recognised by the receiving side. */
  messageId?: string;
}

/** Sends one e-mail and returns the server's answer (SMTP, to a provider or to the local test mailbox). */
export interface MailSender {
  readonly name: string;
  send(message: MailMessage): Promise<string>;
}
