import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

interface ReceivedMail {
  id: number;
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  receivedAt: Date;
}

/**
 * The shop's own SMTP server for development and tests (測試模式): customer e-mail goes out through
 * the real SMTP client to it, and it keeps the last 500 messages for the back office's 測試信箱 and
 * for tests. A message counts as received only when its DATA completed (as on a real server), so a
 * client cut off mid-send has delivered nothing.
 */
export async function startLocalSmtp() {
  const mailbox: ReceivedMail[] = [];
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    banner: "shop local mailbox",
    onData(stream, _session, callback) {
      // The parser loads with the first message: most starts never receive one (about 11 MB).
      import("mailparser")
        .then(({ simpleParser }) => simpleParser(stream))
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(", ") : (mail.to?.text ?? "");
          mailbox.push({
            id: ++seq,
            messageId: mail.messageId ?? "",
            from: mail.from?.text ?? "",
            to,
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            receivedAt: new Date(),
          });
          if (mailbox.length > 500) mailbox.splice(0, mailbox.length - 500);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mailbox,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type LocalSmtp = Awaited<ReturnType<typeof startLocalSmtp>>;
