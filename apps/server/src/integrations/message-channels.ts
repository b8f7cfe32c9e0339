import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../lib/config/index.js";
import { DeliveryError } from "./delivery.js";
import { createFakeLineMessaging, type FakeLineMessaging } from "./line/fake-messaging.js";
import { createLineMessaging, type LineMessaging } from "./line/messaging.js";
import type { MailSender } from "./mail/index.js";
import { type LocalSmtp, startLocalSmtp } from "./mail/local-smtp.js";
import { SmtpMailSender } from "./mail/smtp.js";
import { observedFetch, observedMail, type ProviderCalls } from "./observed.js";
import { CapturingSmsSender, LogSmsSender, type SmsSender } from "./sms/index.js";
import { MitakeSmsSender } from "./sms/mitake.js";

export interface MessageChannels {
  sms: SmsSender;
  /** Present in TEST_MODE: the SMS messages sent so far. */
  capturedSms?: CapturingSmsSender;
  mail: MailSender;
  /** Present when e-mail goes to the shop's own SMTP server (測試模式): what it received. */
  localSmtp?: LocalSmtp;
  line: LineMessaging;
  /** Present when LINE pushes go to the in-process Messaging API simulator: what it accepted. */
  lineSimulator?: FakeLineMessaging;
  /** Whether any of them is a simulator (the storefront then says 測試模式). */
  simulated: boolean;
  close(): Promise<void>;
}

/** LINE messages switched off: members bound to LINE are not reached there (their contact leaves it out). */
const lineOff: LineMessaging = {
  simulated: false,
  push: () => Promise.reject(new DeliveryError(true, "LINE messages are switched off (CHANNEL_LINE_MESSAGES=off)")),
};

/**
 * SMS, e-mail and LINE pushes through the real clients: to the configured provider, else (outside
 * production) to the shop's own SMTP server, the LINE simulator and the log (測試模式, decision 35).
 * Tests may hand in their own.
 */
export async function createMessageChannels(
  config: Config,
  log: FastifyBaseLogger,
  calls: ProviderCalls,
  given: { sms?: SmsSender; mail?: MailSender; line?: LineMessaging } = {},
): Promise<MessageChannels> {
  let sms: SmsSender =
    given.sms ??
    (config.channels.sms === "real"
      ? new MitakeSmsSender({
          url: config.MITAKE_API_URL,
          username: config.MITAKE_USERNAME,
          password: config.MITAKE_PASSWORD,
          fetch: observedFetch(calls, "sms"),
          onError: (err, phone) => log.warn({ err, phone }, "SMS send failed"),
        })
      : new LogSmsSender(log));
  let capturedSms: CapturingSmsSender | undefined;
  if (config.TEST_MODE) {
    capturedSms = new CapturingSmsSender(sms);
    sms = capturedSms;
  }

  let localSmtp: LocalSmtp | undefined;
  let smtp: SmtpMailSender | undefined;
  let mail = given.mail;
  if (!mail) {
    if (config.channels.email !== "real") localSmtp = await startLocalSmtp();
    smtp = new SmtpMailSender(
      config.channels.email === "real" ? (config.SMTP_URL ?? "") : (localSmtp as LocalSmtp).url,
      config.MAIL_FROM,
    );
    mail = config.channels.email === "real" ? observedMail(calls, smtp) : smtp;
  }

  let lineSimulator: FakeLineMessaging | undefined;
  let line = given.line;
  if (!line) {
    const mode = config.channels.line_messages;
    if (mode === "off") line = lineOff;
    else if (mode === "real")
      line = createLineMessaging({
        baseUrl: config.LINE_API_URL,
        channelAccessToken: config.LINE_CHANNEL_ACCESS_TOKEN,
        fetch: observedFetch(calls, "line_messages"),
      });
    else {
      lineSimulator = createFakeLineMessaging("line-simulator-token");
      line = createLineMessaging(
        { baseUrl: "http://line.simulator", channelAccessToken: "line-simulator-token", fetch: lineSimulator.fetch },
        true,
      );
    }
  }
  return {
    sms,
    capturedSms,
    mail,
    localSmtp,
    line,
    lineSimulator,
    simulated: localSmtp !== undefined || line.simulated || sms.name === "log" || sms.name === "capture",
    async close() {
      smtp?.close();
      await localSmtp?.close();
    },
  };
}
