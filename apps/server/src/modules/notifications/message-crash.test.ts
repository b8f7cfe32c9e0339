import type { ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { StoreResult } from "@shop/contract";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, test } from "vitest";
import { outboxMessages } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS, seedDemo } from "../../demo/seed.js";
import { createFakeLineMessaging } from "../../integrations/line/fake-messaging.js";
import { serverProcess, until } from "../../test/server-process.js";
import { createIdentitiesService } from "../members/identities.js";
import { createMembersService } from "../members/service.js";

/**
 * A real server process is killed (SIGKILL) while it is sending the messages of orders it just
 * placed: the SMTP server has the message's data but never said 250, LINE and Mitake accepted the
 * request but the answers never came back. Restarted on the same database, it must send every
 * message and none twice. PGlite by default; PostgreSQL when TEST_DATABASE_URL is set.
 */
const server = serverProcess("msg-crash");
const LINE_USER = `U${"7a".repeat(16)}`;
const LINE_TOKEN = "crash-test-line-token";

/** While `stalled`, each provider takes the request and never answers. */
let stalled = true;
const seen = { mail: 0, line: 0, sms: 0 };
const mails: Array<{ to: string; subject: string }> = [];
const smsByClientId = new Map<string, string>();

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      seen.mail++;
      if (stalled) return; // no 250: as far as SMTP goes, nothing was delivered
      const raw = Buffer.concat(chunks).toString();
      mails.push({
        to: session.envelope.rcptTo.map((r) => r.address).join(","),
        subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? "",
      });
      callback();
    });
  },
});
const line = createFakeLineMessaging(LINE_TOKEN);
const lineServer = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const answer = await line.handle(
    new Request(`http://fake${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: Buffer.concat(chunks),
    }),
  );
  seen.line++;
  if (stalled) return; // accepted by LINE; the answer is lost with the process
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(await answer.text());
});
const mitake = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const form = new URLSearchParams(Buffer.concat(chunks).toString());
  const clientId = form.get("clientid") ?? "";
  seen.sms++;
  // Mitake keeps a clientid for 12 hours: a repeat is answered with the first msgid, not sent again.
  const duplicate = smsByClientId.has(clientId);
  if (!duplicate) smsByClientId.set(clientId, `${form.get("dstaddr")} ${form.get("smbody")}`);
  if (stalled) return;
  res.end(`[1]\r\nmsgid=${clientId.slice(0, 10)}\r\nstatuscode=1\r\n${duplicate ? "Duplicate=Y\r\n" : ""}`);
});
const listen = (s: { listen: (port: number, host: string, cb: () => void) => unknown }) =>
  new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
const portOf = (s: http.Server | SMTPServer) => ((s instanceof SMTPServer ? s.server : s).address() as AddressInfo).port;

function startServer(): ChildProcess {
  return server.start({
    LOG_LEVEL: "error",
    JOB_POLL_SECONDS: "1",
    OUTBOX_RECLAIM_SECONDS: "2",
    SMTP_URL: `smtp://127.0.0.1:${portOf(smtp)}`,
    LINE_CHANNEL_ACCESS_TOKEN: LINE_TOKEN,
    LINE_API_URL: `http://127.0.0.1:${portOf(lineServer)}`,
    MITAKE_USERNAME: "shop",
    MITAKE_PASSWORD: "secret",
    MITAKE_API_URL: `http://127.0.0.1:${portOf(mitake)}/api/mtk/SmSend`,
  });
}

let child: ChildProcess | undefined;
afterAll(async () => {
  child?.kill("SIGKILL");
  await Promise.all([
    new Promise((r) => smtp.close(() => r(null))),
    new Promise((r) => lineServer.close(() => r(null))),
    new Promise((r) => mitake.close(() => r(null))),
  ]);
  lineServer.closeAllConnections();
  mitake.closeAllConnections();
  await server.cleanUp();
});

describe("a crash while customer messages are being sent", () => {
  test("every message is sent after the restart, and none twice", async () => {
    await Promise.all([listen(smtp), listen(lineServer), listen(mitake)]);
    await server.createDatabase();
    const prep = await server.open();
    await prep.migrate();
    await seedDemo(prep.db, server.dataDir);
    const member = await createMembersService(prep.db).byPhone(DEMO_ACCOUNTS.member.phone);
    if (!member) throw new Error("no demo member");
    await createIdentitiesService(prep.db).bind(member.id, "line", LINE_USER);
    await prep.close();

    child = startServer();
    await server.waitHealthy();
    const token = (
      await server.post<{ token: string }>("/api/auth/login", {
        account: DEMO_ACCOUNTS.member.phone,
        password: DEMO_ACCOUNTS.member.password,
      })
    ).token;
    const order = (extra: Record<string, unknown>, auth?: string) =>
      server.post<StoreResult>(
        "/api/order/store/fast",
        {
          variant_id: 1,
          qty: 1,
          ship_method: "hct",
          payment_method: "transfer",
          address: { zip: "100", county: "台北市", district: "中正區", line: "重慶南路一段 1 號" },
          invoice: { type: "member" },
          ...extra,
        },
        auth,
      );
    const guest = await order({ receiver: { name: "訪客", phone: "0911222333" }, email: "guest@example.com" });
    const mine = await order(
      { receiver: { name: "會員", phone: DEMO_ACCOUNTS.member.phone }, email: "member@example.com" },
      token,
    );

    // Every provider has taken its requests (two e-mails, one LINE push, one SMS); no answer came back.
    await until("the first attempts", () => seen.mail >= 2 && seen.line >= 1 && seen.sms >= 1, 30_000);
    child.kill("SIGKILL");
    await new Promise((r) => child?.once("exit", r));
    expect(mails).toEqual([]);

    stalled = false;
    child = startServer();
    await until("every message delivered", () => mails.length >= 2 && seen.line >= 2 && seen.sms >= 2, 60_000);
    // Give a wrong second send every chance to happen.
    await new Promise((r) => setTimeout(r, 3000));
    child.kill("SIGTERM");
    await new Promise((r) => child?.once("exit", r));
    child = undefined;

    expect(mails.map((m) => m.to).sort()).toEqual(["guest@example.com", "member@example.com"]);
    expect(line.pushed.map((p) => [p.to, p.text.split("\n")[0]])).toEqual([[LINE_USER, `訂單 ${mine.order_no} 已成立`]]);
    expect([...smsByClientId.values()]).toEqual([expect.stringContaining(guest.order_no)]);
    const db = await server.open();
    try {
      const rows = await db.db.select().from(outboxMessages);
      expect(rows.map((r) => r.status)).toEqual(rows.map(() => "sent"));
      expect(rows).toHaveLength(4);
    } finally {
      await db.close();
    }
  }, 180_000);
});
