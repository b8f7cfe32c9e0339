import type { OrderView, StoreResult } from "@shop/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, outboxMessages } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, lastCaptcha, setPayoutAccount, type TestApp, uniquePhone } from "../../test/harness.js";
import { guestCartOrder, homeAddress, orderSteps } from "../../test/order-helpers.js";

type Export = Record<string, unknown> & {
  profile: { phone: string; name: string; member_no: number; birthday: string | null; language: string };
  orders: Array<{ order_no: string; receiver_name: string; lines: unknown[]; history: unknown[] }>;
  points_ledger: Array<{ delta: number }>;
  data_requests: Array<{ kind: string }>;
};
interface Overview {
  confirm_with: "password" | "sms";
  phone_hint: string;
  blockers: Array<{ code: string; message: string }>;
  forfeits: { points: number; wallet: number; coupons: number };
  exports: Array<{ format: string; at: string }>;
}

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let ipCounter = 0;
beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
});
afterAll(() => t.close());

const ip = () => `10.45.${++ipCounter >> 8}.${ipCounter & 255}`;

/** A new member through the API (SMS code, password); their token and id. */
async function registerMember(phone = uniquePhone(), name = "林小雨", email = `${phone}@example.com`) {
  const sent = await t.call("POST", "/api/register/user/sendCaptcha", { body: { phone, purpose: "register" }, ip: ip() });
  expect(sent.status, sent.body.message).toBe(200);
  const r = await t.call<{ token: string; user: { id: number; refcode: string } }>("POST", "/api/register/user/store", {
    body: { phone, captcha: lastCaptcha(t, phone), password: "rain-pass-1", name, email },
    ip: ip(),
  });
  expect(r.status, r.body.message).toBe(200);
  return { phone, token: r.body.data.token, id: r.body.data.user.id, refcode: r.body.data.user.refcode };
}

const overview = (token: string) => t.call<Overview>("GET", "/api/user/personal_data", { token });
const exportJson = async (token: string) => {
  const r = await t.call("GET", "/api/user/personal_data/export?format=json", { token });
  expect(r.status).toBe(200);
  return r.body as unknown as Export;
};
const close = (token: string, body: Record<string, unknown>) =>
  t.call("POST", "/api/user/personal_data/close", { token, body: { confirm: true, ...body } });

describe("a member's copy of their data (個資法 art. 3, 10)", () => {
  it("the JSON export holds the member's own profile, orders with lines and history, ledgers, notices and messages, and nothing of another member", async () => {
    const token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    await s.savedAddress(token);
    const v = await s.variantOf(2);
    await s.setStock(v, 100);
    const placed = await s.memberOrder(token, v, { note: "請放管理室" });

    const data = await exportJson(token);
    expect(Object.keys(data)).toEqual([
      "about",
      "profile",
      "addresses",
      "sign_in_bindings",
      "favorites",
      "cart",
      "orders",
      "e_invoices",
      "balances",
      "points_ledger",
      "wallet_ledger",
      "coupons",
      "monthly_spend",
      "raffle_tickets",
      "cloud_depot",
      "exchanges",
      "bank_account",
      "withdrawals",
      "notification_preferences",
      "site_notices",
      "messages",
      "inquiries",
      "restock_requests",
      "data_requests",
    ]);
    expect(data.profile).toMatchObject({ phone: DEMO_ACCOUNTS.member.phone, name: DEMO_ACCOUNTS.member.name, language: "zh-TW" });
    expect(data.profile).toHaveProperty("birthday");
    expect(data.addresses).toContainEqual(expect.objectContaining({ name: "王小明", line: "重慶南路一段 122 號" }));
    const order = data.orders.find((o) => o.order_no === placed.order_no);
    expect(order).toMatchObject({ receiver_name: "王小明", note: "請放管理室", status: "待付款" });
    expect(order?.lines).toHaveLength(1);
    expect(order?.history.length).toBeGreaterThan(0);
    expect(data.points_ledger.length).toBeGreaterThan(0);

    // Nothing of the member's downline, of other demo members or of the seller.
    const text = JSON.stringify(data);
    for (const other of [DEMO_ACCOUNTS.downline, DEMO_ACCOUNTS.seller, DEMO_ACCOUNTS.shop2Member]) {
      expect(text).not.toContain(other.phone);
      expect(text).not.toContain(other.name);
      expect(text).not.toContain(other.refcode);
    }
    // Bindings name the provider only; a sign-in token or password hash is never in it.
    expect(text).not.toMatch(/password_hash|token_hash|\$argon2/);

    // Recorded: the page lists it, and the next copy carries it.
    const o = await overview(token);
    expect(o.body.data.exports[0]?.format).toBe("json");
    expect((await exportJson(token)).data_requests).toContainEqual(expect.objectContaining({ kind: "export" }));
    await t.call("POST", "/api/order/cancelOrder", { token, body: { order_no: placed.order_no, reason: "測試" } });
  });

  it("the CSV export is one file: section, record, field and value per row, for a spreadsheet", async () => {
    const token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    const id = (await t.services.auth.authenticate(token))?.member.id ?? 0;
    await t.database.db.transaction((tx) => t.services.loyalty.changePoints(tx, id, -1, "測試扣點", "test:csv"));
    const r = await t.call("GET", "/api/user/personal_data/export?format=csv", { token });
    expect(r.status).toBe(200);
    const csv = r.body.data as unknown as string;
    expect(csv.startsWith("\uFEFF資料類別,項次,欄位,內容\r\n")).toBe(true);
    expect(csv).toContain(`基本資料,1,phone,${DEMO_ACCOUNTS.member.phone}`);
    expect(csv).toMatch(/訂單,\d+,lines\[1\]\.name,/);
    // A negative ledger entry is a number, not a neutralised formula.
    expect(csv).toMatch(/點數明細,\d+,delta,-1\r\n點數明細,\d+,reason,測試扣點/);
    expect(csv).not.toContain(DEMO_ACCOUNTS.downline.phone);
  });

  it("inquiries are the member's by their proved phone, never by an e-mail they typed (a stranger's stay out of the export and survive the closing); the bank account is masked", async () => {
    const stamp = Date.now();
    const strangers = `stranger.${stamp}@example.com`;
    // The member signs up with the stranger's address (nobody verifies an e-mail).
    const member = await registerMember(uniquePhone(), "林小雨", strangers);
    const ask = (phone: string, subject: string) =>
      t.call<{ id: number }>("POST", "/api/contactu/email", {
        body: { name: "陌生人", phone, email: strangers, subject, message: "私人的問題，請回信" },
        ip: ip(),
      });
    const theirs = await ask(uniquePhone(), `陌生人的詢問 ${stamp}`);
    const mine = await ask(member.phone, `會員的詢問 ${stamp}`);
    expect([theirs.status, mine.status], `${theirs.body.message} ${mine.body.message}`).toEqual([200, 200]);
    await setPayoutAccount(t, member.token, {
      bank_user_name: "林小雨",
      bank_code: "822",
      branch_code: "0015",
      bank_account: "123456789012",
    });
    const data = await exportJson(member.token);
    expect((data.inquiries as Array<{ subject: string }>).map((i) => i.subject)).toEqual([`會員的詢問 ${stamp}`]);
    // The bank account is masked as on every screen: a token's reach never holds the whole number.
    expect(data.bank_account).toMatchObject({ account: "****9012" });
    expect(JSON.stringify(data)).not.toContain("123456789012");

    expect((await close(member.token, { password: "rain-pass-1" })).status).toBe(200);
    const kept = await t.services.support.detail(theirs.body.data.id);
    expect([kept.email, kept.message]).toEqual([strangers, "私人的問題，請回信"]);
    expect((await t.services.support.detail(mine.body.data.id)).message).toBe("（已依會員要求刪除）");
  });

  it("needs the member's token and a known format", async () => {
    expect((await t.call("GET", "/api/user/personal_data/export?format=json")).status).toBe(401);
    expect((await t.call("GET", "/api/user/personal_data")).status).toBe(401);
    const token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    const bad = await t.call("GET", "/api/user/personal_data/export?format=xml", { token });
    expect(bad.status).toBe(400);
  });
});

describe("closing the account (個資法 art. 11)", () => {
  it("is refused with a clear message while an order is open, while the wallet can be withdrawn, and with a wrong password", async () => {
    const m = await registerMember();
    const v = await s.variantOf(2);
    await s.setStock(v, 100);
    const placed = await s.memberOrder(m.token, v, { receiver: { name: "林小雨", phone: m.phone } });

    const o = await overview(m.token);
    expect(o.body.data).toMatchObject({ confirm_with: "password", phone_hint: `${m.phone.slice(0, 4)}***${m.phone.slice(-3)}` });
    expect(o.body.data.blockers.map((b) => b.code)).toEqual(["OPEN_ORDERS"]);
    const open = await close(m.token, { password: "rain-pass-1" });
    expect([open.status, open.body.message]).toEqual([
      409,
      "您有 1 筆訂單尚未完成（待付款、處理中、配送中或鑑賞期內），請待訂單完成或取消後再註銷帳號",
    ]);
    await t.call("POST", "/api/order/cancelOrder", { token: m.token, body: { order_no: placed.order_no, reason: "不買了" } });

    // A balance the member can withdraw (NT$500 minimum, NT$15 fee) must be withdrawn first.
    await t.database.db.transaction((tx) => t.services.loyalty.changeWallet(tx, m.id, 600, "測試入帳", "test:wallet"));
    const rich = await close(m.token, { password: "rain-pass-1" });
    expect([rich.status, rich.body.message]).toEqual([409, "您的錢包尚有 NT$600，請先至「我的錢包」申請提領，再註銷帳號"]);
    await t.database.db.transaction((tx) => t.services.loyalty.changeWallet(tx, m.id, -590, "測試扣回", "test:wallet:back"));

    const wrong = await close(m.token, { password: "not-my-password" });
    expect([wrong.status, wrong.body.message]).toEqual([400, "密碼不正確"]);
    const unconfirmed = await t.call("POST", "/api/user/personal_data/close", {
      token: m.token,
      body: { password: "rain-pass-1" },
    });
    expect(unconfirmed.status).toBe(400);
    expect((await t.call("GET", "/api/user/get", { token: m.token })).status).toBe(200);
    // What would go: the NT$10 too small to withdraw.
    expect((await overview(m.token)).body.data).toMatchObject({ blockers: [], forfeits: { wallet: 10 } });
  });

  it("with the password: sessions end, sign-in is refused, orders stay masked, ledgers balance, the phone starts fresh", async () => {
    const m = await registerMember(uniquePhone(), "陳關帳");
    const second = await s.login(m.phone, "rain-pass-1");
    const v = await s.variantOf(2);
    await s.setStock(v, 100);
    const done = await s.completedOrder(m.token, m.phone, 2, 2);
    await s.savedAddress(m.token);
    await t.call("POST", "/api/user/like/store", { token: m.token, body: { product_id: 2 } });
    expect((await t.call("POST", "/api/user/birthday", { token: m.token, body: { birthday: "1988-03-09" } })).status).toBe(200);
    const before = (await t.services.loyalty.balances(m.id)).points;
    expect(before).toBeGreaterThan(0);

    // The e-invoice is issued first (the job queue; closing waits while the provider has it).
    const waiting = await overview(m.token);
    expect(waiting.body.data.blockers.map((b) => b.code)).toEqual(["INVOICE_IN_PROGRESS"]);
    await t.services.jobs.runDue();
    expect(await t.services.outbox.deliverDue()).toBeGreaterThan(0);
    const r = await close(m.token, { password: "rain-pass-1" });
    expect([r.status, r.body.message]).toEqual([200, "您的帳號已註銷，感謝您曾經的支持"]);

    // Every session ended; sign-in by phone or e-mail finds nobody.
    for (const token of [m.token, second]) expect((await t.call("GET", "/api/user/get", { token })).status).toBe(401);
    const login = await t.call("POST", "/api/auth/login", { body: { account: m.phone, password: "rain-pass-1" } });
    expect([login.status, login.body.message]).toEqual([401, "帳號或密碼錯誤"]);

    // The shop keeps the order; its personal fields are masked.
    const staff = await s.staffToken("operator");
    const kept = await t.call<OrderView & { receiver_name: string; receiver_phone: string; email: string }>(
      "GET",
      `/api/admin/orders/${done}`,
      { token: staff },
    );
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({
      status: "completed",
      receiver_name: "○○○",
      receiver_phone: "",
      email: "",
      address: { zip: homeAddress.zip, county: homeAddress.county, district: homeAddress.district, line: "○○○" },
    });
    expect(kept.body.data.lines).toHaveLength(1);
    // Its e-invoice keeps number and amount, not the contact; the messages sent keep no address or text.
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderNo, done));
    expect(invoice?.invoiceNo).toBeTruthy();
    expect(invoice?.contact).toEqual({ name: "○○○", email: "", phone: "", address: "" });
    const sent = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.memberId, m.id));
    expect(sent.length).toBeGreaterThan(0);
    for (const message of sent) expect([message.recipient, message.body]).toEqual(["", "（已刪除）"]);

    // Points forfeited through the ledger; every ledger still sums to its balance.
    expect(await t.services.loyalty.balances(m.id)).toEqual({ points: 0, wallet: 0 });
    const ledger = await t.services.loyalty.ledger("points", m.id, 1, 5);
    expect(ledger.list[0]).toMatchObject({ delta: -before, reason: "帳號註銷，點數失效" });
    expect(await t.services.loyalty.unbalanced()).toEqual([]);
    expect(await t.services.inventory.unbalanced()).toEqual([]);

    // The back office sees a closed account with nothing personal left.
    const member = await t.call<{ status: string; name: string; phone: string; email: string | null; bindings: string[] }>(
      "GET",
      `/api/admin/members/${m.id}`,
      { token: staff },
    );
    expect(member.body.data).toMatchObject({ status: "closed", name: "已註銷會員", email: null, bindings: [] });
    expect(member.body.data.phone).not.toContain(m.phone);
    expect((await t.services.members.byId(m.id))?.birthday ?? null).toBeNull();
    expect(await t.services.addresses.list(m.id)).toEqual([]);

    // The same phone registers again as a new member with nothing of the old one (once a new code may be sent).
    t.clock.advance(61);
    const again = await registerMember(m.phone, "陳新帳");
    expect(again.id).not.toBe(m.id);
    expect(again.refcode).not.toBe(m.refcode);
    const fresh = await exportJson(again.token);
    expect(fresh.orders).toEqual([]);
    expect(fresh.points_ledger).toEqual([]);
    expect(fresh.addresses).toEqual([]);
    // The old referral code leads nowhere.
    const refcodeUse = await t.call("POST", "/api/register/user/store", {
      body: { phone: uniquePhone(), captcha: "000000", password: "rain-pass-1", name: "路人", refcode: m.refcode },
    });
    expect(refcodeUse.body.message).toBe("查無此推薦碼，請確認或留空");
    // Closing again is not possible (no session), and staff cannot touch the closed account.
    const again409 = await t.call("POST", `/api/admin/members/${m.id}/suspend`, { token: staff, body: { reason: "x" } });
    expect(again409.status).toBe(409);
  });

  it("a member who signed up without a password confirms with a code sent to their phone", async () => {
    const phone = uniquePhone();
    const member = await t.database.db.transaction((tx) =>
      t.services.members.create(tx, { phone, name: "LINE 會員", passwordHash: null, shopId: 1 }),
    );
    const { token } = await t.services.auth.signInMember(member.id);
    expect((await overview(token)).body.data.confirm_with).toBe("sms");
    const noCode = await close(token, {});
    expect([noCode.status, noCode.body.message]).toEqual([400, "請輸入簡訊驗證碼"]);
    const sent = await t.call("POST", "/api/user/personal_data/close_code", { token, body: {}, ip: ip() });
    expect(sent.status, sent.body.message).toBe(200);
    const code = lastCaptcha(t, phone);
    expect(t.capturedSms?.lastTo(phone)?.text).toContain("註銷");
    const wrong = await close(token, { captcha: code === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(400);
    const ok = await close(token, { captcha: code });
    expect(ok.status, ok.body.message).toBe(200);
    expect((await t.call("GET", "/api/user/get", { token })).status).toBe(401);
  });
});

describe("staff anonymise an account on the member's request", () => {
  it("needs members.erase and a reason; it closes the account as the member would, audited and recorded", async () => {
    const m = await registerMember(uniquePhone(), "吳委託");
    const support = await s.staffToken("support");
    const operator = await s.staffToken("operator");
    const url = `/api/admin/members/${m.id}/anonymise`;
    expect((await t.call("POST", url, { body: { reason: "會員來電申請" } })).status).toBe(401);
    expect((await t.call("POST", url, { token: support, body: { reason: "會員來電申請" } })).status).toBe(403);
    expect((await t.call("POST", url, { token: operator, body: {} })).status).toBe(400);
    expect((await t.call("POST", "/api/admin/members/999999/anonymise", { token: operator, body: { reason: "x" } })).status).toBe(
      404,
    );

    const r = await t.call<{ status: string; name: string }>("POST", url, {
      token: operator,
      body: { reason: "會員來電申請刪除個資（客服單 123）" },
    });
    expect([r.status, r.body.message]).toEqual([200, "已依會員申請刪除個人資料並註銷帳號"]);
    expect(r.body.data).toMatchObject({ status: "closed", name: "已註銷會員" });
    expect((await t.call("GET", "/api/user/get", { token: m.token })).status).toBe(401);

    const audit = await t.call<{ items: Array<{ action: string; staff_name: string; after: { reason?: string } }> }>(
      "GET",
      `/api/admin/audit?entity=member&entity_id=${m.id}`,
      { token: await s.staffToken("owner") },
    );
    expect(audit.body.data.items[0]).toMatchObject({
      action: "member.anonymise",
      after: { reason: "會員來電申請刪除個資（客服單 123）" },
    });
    const again = await t.call("POST", url, { token: operator, body: { reason: "再一次" } });
    expect([again.status, again.body.message]).toEqual([409, "此帳號已註銷"]);
    // A closed account takes no points, money or coupons from staff.
    const adjust = await t.call("POST", `/api/admin/members/${m.id}/adjust`, {
      token: operator,
      body: { kind: "points", delta: 10, reason: "補點" },
    });
    expect(adjust.status).toBe(409);
  });
});

describe("guest orders past the retention period", () => {
  it("the daily job masks a finished guest order older than GUEST_DATA_RETENTION_YEARS and leaves a recent one", async () => {
    const v = await s.variantOf(3);
    await s.setStock(v, 100);
    const place = async () => {
      const cart = await s.cartWith([{ variantId: v, qty: 1 }]);
      const r = await s.store(guestCartOrder(cart.lineIds, { email: "guest@example.com", note: "下午送" }), {
        headers: cart.headers,
      });
      expect(r.status, r.body.message).toBe(200);
      return (r.body.data as StoreResult).order_no;
    };
    const old = await place();
    t.clock.advance(3 * 365 * 86_400);
    const recent = await place();
    t.clock.advance(2 * 365 * 86_400 + 3 * 86_400);
    // Unpaid transfers expire: both are finished (cancelled).
    await t.services.orders.expireUnpaid();

    await t.services.jobs.enqueue("personal_data.guest_retention");
    await t.services.jobs.runDue();

    const staff = await s.staffToken("operator");
    const read = async (no: string) =>
      (await t.call<Record<string, unknown>>("GET", `/api/admin/orders/${no}`, { token: staff })).body.data;
    expect(await read(old)).toMatchObject({
      status: "cancelled",
      receiver_name: "○○○",
      receiver_phone: "",
      email: "",
      note: "",
      address: { county: homeAddress.county, line: "○○○" },
      invoice: { type: "mobile", carrier: "○○○" },
    });
    expect(await read(recent)).toMatchObject({ receiver_name: "陳大文", receiver_phone: "0922333444", note: "下午送" });
    // The guest's order lookup by phone no longer finds the old order.
    expect((await s.detail(old)).status).toBe(404);
    expect((await s.detail(recent)).status).toBe(200);
    // Once is enough: a second run finds nothing more.
    expect(await t.services.personalData.guestRetention.sweep()).toMatchObject({ masked: 0 });
  });
});
