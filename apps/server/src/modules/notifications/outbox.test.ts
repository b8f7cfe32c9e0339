import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createLineMessaging } from "../../integrations/line/messaging.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestCartOrder, guestReceiver, orderSteps } from "../../test/order-helpers.js";
import { createOutbox } from "./outbox.js";

const LINE_USER = `U${"4f".repeat(16)}`;

describe("customer messages through the outbox", () => {
  let t: TestApp;
  let s: ReturnType<typeof orderSteps>;
  let memberToken: string;
  let memberId: number;
  beforeAll(async () => {
    t = await createTestApp();
    s = orderSteps(t);
    memberToken = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    memberId = (await t.services.auth.authenticate(memberToken))?.member.id ?? 0;
    await t.services.identities.bind(memberId, "line", LINE_USER);
  });
  afterAll(() => t.close());

  const mailsTo = (to: string) => t.localSmtp?.mailbox.filter((m) => m.to.includes(to)) ?? [];
  const smsTo = (phone: string, orderNo: string) =>
    t.capturedSms?.sent.filter((m) => m.phone === phone && m.text.includes(orderNo)) ?? [];
  const linesTo = (orderNo: string) =>
    t.lineSimulator?.pushed.filter((m) => m.to === LINE_USER && m.text.includes(orderNo)) ?? [];

  async function guestOrder(email: string) {
    const v = await s.variantOf(1);
    await s.setStock(v, 50);
    const cart = await s.cartWith([{ variantId: v, qty: 1 }]);
    const r = await s.store(guestCartOrder(cart.lineIds, { email }), { headers: cart.headers });
    expect(r.status, r.body.message).toBe(200);
    return r.body.data.order_no;
  }

  it("a guest's order is told once by e-mail and SMS, and the order commits with its messages", async () => {
    const no = await guestOrder("guest.buyer@example.com");
    const queued = await t.services.outbox.forEvent(`order:${no}:placed`);
    expect(queued.map((m) => [m.channel, m.recipient, m.status])).toEqual([
      ["email", "guest.buyer@example.com", "pending"],
      ["sms", guestReceiver.phone, "pending"],
    ]);
    await t.services.outbox.deliverDue();
    await t.services.outbox.deliverDue();
    const mails = mailsTo("guest.buyer@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`【茶山好物】訂單 ${no} 已成立`);
    expect(mails[0]?.text).toContain("應付金額 NT$");
    expect(mails[0]?.text).toContain("/order_search");
    // The back office's 測試信箱 shows it too.
    const box = await t.call<{ items: Array<{ subject: string }> }>("GET", "/api/admin/mailbox?q=guest.buyer", {
      token: await s.staffToken("support"),
    });
    expect(box.body.data.items.map((m) => m.subject)).toEqual([`【茶山好物】訂單 ${no} 已成立`]);
    expect(smsTo(guestReceiver.phone, no)).toHaveLength(1);
    expect((await t.services.outbox.forEvent(`order:${no}:placed`)).map((m) => m.status)).toEqual(["sent", "sent"]);

    // Staff confirm the transfer: e-mail only (SMS is for the order number and shipping).
    await t.services.payments.confirmOffline(no, "staff:1", "staff");
    await t.services.outbox.deliverDue();
    expect(mailsTo("guest.buyer@example.com").map((m) => m.subject)).toContain(`【茶山好物】訂單 ${no} 已付款`);
    expect(smsTo(guestReceiver.phone, no)).toHaveLength(1);
    // 開始備貨 is not told outside the site; shipping is, with the tracking number.
    await t.services.orders.advance(no, "shipped", "staff:1", { trackingNo: "HCT778899" });
    await t.services.outbox.deliverDue();
    const shipped = mailsTo("guest.buyer@example.com").filter((m) => m.subject.includes("已出貨"));
    expect(shipped).toHaveLength(1);
    expect(shipped[0]?.text).toContain("HCT778899");
    expect(mailsTo("guest.buyer@example.com").some((m) => m.subject.includes("處理中"))).toBe(false);
    expect(smsTo(guestReceiver.phone, no).map((m) => m.text)).toEqual([
      expect.stringContaining("已成立"),
      expect.stringContaining("HCT778899"),
    ]);
  });

  it("a member bound to LINE hears each step by LINE and e-mail, once, with a link into the shop", async () => {
    const v = await s.variantOf(2);
    await s.setStock(v, 50);
    const { order_no: no } = await s.memberOrder(memberToken, v, { email: "member.buyer@example.com" });
    await t.services.payments.confirmOffline(no, "staff:1", "staff");
    await t.services.outbox.deliverDue();
    await t.services.outbox.deliverDue();
    const pushed = linesTo(no);
    // Sent four at a time: in any order.
    expect(pushed.map((m) => m.text.split("\n")[0]).sort()).toEqual([`訂單 ${no} 已付款`, `訂單 ${no} 已成立`].sort());
    expect(pushed.find((m) => m.text.includes("已付款"))?.text).toContain(`/member/order_detail?order_no=${no}`);
    expect(new Set(pushed.map((m) => m.retryKey)).size).toBe(2);
    // The site's notice exists too; the e-mail goes to the member's address or, without one, the order's.
    const notices = await t.call<{ list: Array<{ title: string }> }>("POST", "/api/notification/search", {
      token: memberToken,
      body: { page: 1, per_page: 50 },
    });
    expect(notices.body.data.list?.some((n) => n.title === `訂單 ${no} 已付款`)).toBe(true);
  });

  it("a provider outage is retried with backoff; a refusal is recorded and not retried", async () => {
    const v = await s.variantOf(2);
    const { order_no: no } = await s.memberOrder(memberToken, v);
    t.lineSimulator?.failNext(503);
    await t.services.outbox.deliverDue();
    let [line] = (await t.services.outbox.forEvent(`order:${no}:placed`)).filter((m) => m.channel === "line");
    expect(line?.status).toBe("pending");
    expect(line?.attempts).toBe(1);
    expect(line?.providerAnswer).toContain("503");
    expect(linesTo(no)).toHaveLength(0);
    // Not before its time; then it goes.
    await t.services.outbox.deliverDue();
    expect(linesTo(no)).toHaveLength(0);
    t.clock.advance(31);
    await t.services.outbox.deliverDue();
    [line] = (await t.services.outbox.forEvent(`order:${no}:placed`)).filter((m) => m.channel === "line");
    expect(line?.status).toBe("sent");
    expect(linesTo(no)).toHaveLength(1);

    // A user who blocked the account: 403 is final, with LINE's answer kept for staff.
    await t.services.payments.confirmOffline(no, "staff:1", "staff");
    t.lineSimulator?.failNext(403);
    await t.services.outbox.deliverDue();
    t.clock.advance(3600);
    await t.services.outbox.deliverDue();
    [line] = (await t.services.outbox.forEvent(`order:${no}:paid`)).filter((m) => m.channel === "line");
    expect(line?.status).toBe("failed");
    expect(line?.attempts).toBe(1);
    expect(line?.providerAnswer).toContain("403");
    // Staff see it among the failed messages and send it again by hand once the member unblocked.
    const staff = await s.staffToken();
    const failed = await t.call<{ items: Array<{ id: number; provider_answer: string }> }>(
      "GET",
      `/api/admin/messages?status=failed&q=${no}`,
      { token: staff },
    );
    expect(failed.body.data.items.map((m) => m.id)).toEqual([line?.id]);
    expect(failed.body.data.items[0]?.provider_answer).toContain("403");
    const again = await t.call("POST", `/api/admin/messages/${line?.id}/retry`, { token: staff });
    expect(again.status).toBe(200);
    expect((await t.call("POST", `/api/admin/messages/${line?.id}/retry`, { token: staff })).status).toBe(409);
    expect((await t.call("POST", "/api/admin/messages/999999/retry", { token: staff })).status).toBe(404);
    const audit = await t.call<{ items: Array<{ action: string }> }>("GET", "/api/admin/audit?entity=message", { token: staff });
    expect(audit.body.data.items.map((a) => a.action)).toEqual(["message.retry"]);
    await t.services.outbox.deliverDue();
    expect(linesTo(no).map((m) => m.text.split("\n")[0])).toEqual([`訂單 ${no} 已成立`, `訂單 ${no} 已付款`]);
  });

  it("a message whose answer was lost (the runner died after LINE accepted it) is not pushed twice", async () => {
    const v = await s.variantOf(2);
    const { order_no: no } = await s.memberOrder(memberToken, v);
    const [line] = (await t.services.outbox.forEvent(`order:${no}:placed`)).filter((m) => m.channel === "line");
    if (!line || !t.lineSimulator) throw new Error("no LINE message queued");
    // LINE took it; the runner that sent it died before recording the answer.
    const client = createLineMessaging({
      baseUrl: "http://line.simulator",
      channelAccessToken: "line-simulator-token",
      fetch: t.lineSimulator.fetch,
    });
    await client.push(line.recipient, line.body, line.retryKey);
    await t.database.db
      .update(outboxMessages)
      .set({ status: "sending", attempts: 1, lockedAt: new Date(t.clock.now.getTime() - 10 * 60_000) })
      .where(eq(outboxMessages.id, line.id));
    await t.services.outbox.deliverDue();
    const [after] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, line.id));
    expect(after?.status).toBe("sent");
    expect(after?.providerAnswer).toContain("409");
    expect(linesTo(no)).toHaveLength(1);
  });

  it("one event queues one message per channel, however often it is told", async () => {
    const no = await guestOrder("twice@example.com");
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++)
        await t.services.notifications.tell(
          tx,
          `order:${no}:placed`,
          { email: "twice@example.com" },
          { subject: "x", text: "y" },
          ["email"],
        );
    });
    expect((await t.services.outbox.forEvent(`order:${no}:placed`)).filter((m) => m.channel === "email")).toHaveLength(1);
  });

  it("a provider that hangs holds one sender; the messages queued behind it still go", async () => {
    // Its own outbox on the shop's database: mail hangs until released, LINE and SMS answer at once.
    let release: (v: string) => void = () => {};
    const hung = new Promise<string>((r) => {
      release = r;
    });
    const sent: string[] = [];
    const outbox = createOutbox(t.database.db, {
      mail: { send: () => hung },
      line: {
        push: async (to: string) => {
          sent.push(`line ${to}`);
          return "200";
        },
      },
      sms: {
        send: async (to: string) => {
          sent.push(`sms ${to}`);
          return "1";
        },
      },
    } as unknown as Parameters<typeof createOutbox>[1]);
    const key = `slot-test:${Date.now()}`;
    await t.database.db.transaction((tx) =>
      outbox.queue(tx, `${key}:a`, { email: "slow@example.com" }, { subject: "a", text: "a" }, ["email"]),
    );
    const first = outbox.deliverDue(50, 1); // one sender, stuck on the mail server
    await new Promise((r) => setTimeout(r, 50));
    await t.database.db.transaction(async (tx) => {
      await outbox.queue(tx, `${key}:b`, { lineUserId: LINE_USER }, { subject: "b", text: "b" }, ["line"]);
      await outbox.queue(tx, `${key}:c`, { phone: "0912000111" }, { subject: "c", text: "c" }, ["sms"]);
    });
    // With the one slot taken nothing more starts; with two, the free one sends both.
    expect(await outbox.deliverDue(50, 1)).toBe(0);
    expect(await outbox.deliverDue(50, 2)).toBe(2);
    expect(sent).toEqual([`line ${LINE_USER}`, "sms 0912000111"]);
    release("250 OK");
    expect(await first).toBe(1);
    expect((await outbox.forEvent(`${key}:a`)).map((m) => m.status)).toEqual(["sent"]);
  });
});
