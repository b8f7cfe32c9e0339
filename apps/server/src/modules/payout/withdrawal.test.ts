import type { WithdrawalView } from "@shop/contract";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, setPayoutAccount, type TestApp } from "../../test/harness.js";

let t: TestApp;
let token = "";
let memberId = 0;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginAs(t, DEMO_ACCOUNTS.member);
  memberId = (await t.services.auth.authenticate(token))?.member.id ?? 0;
});
afterAll(() => t.close());

const apply = (amount: unknown) => t.call<WithdrawalView>("POST", "/api/user/wallet/apply", { body: { amount }, token });
const wallet = async () => (await t.services.loyalty.balances(memberId)).wallet;

describe("wallet withdrawal", () => {
  test("needs the payout bank account first (the page then opens the bank modal)", async () => {
    const r = await apply(200);
    expect(r.status).toBe(422);
    expect(r.body.data).toEqual({ need_bank: true });
    expect(await wallet()).toBe(300);
  });

  test("bad amounts are refused and change nothing; two requests at once cannot spend the same money", async () => {
    await setPayoutAccount(t, token, {
      bank_user_name: "王小明",
      bank_code: "822",
      branch_code: "0015",
      bank_account: "123456789012",
    });
    for (const amount of [-5, 0, 20.5, "abc"]) expect((await apply(amount)).status, String(amount)).toBe(400);
    expect((await apply(50)).status).toBe(422); // below the minimum NT$100
    expect((await apply(301)).status).toBe(409); // more than the balance
    expect(await wallet()).toBe(300);

    const both = await Promise.all([apply(200), apply(200)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await wallet()).toBe(100);
    const made = both.find((r) => r.status === 200)?.body.data;
    expect(made).toMatchObject({ amount: 200, fee: 15, net: 185, status: "requested" });
    expect(made?.bank).toContain("****9012");

    // Staff reject it: the held money comes back; a second decision is refused.
    await t.services.payout.decide(made?.id ?? 0, "rejected", "帳號有誤");
    expect(await wallet()).toBe(300);
    await expect(t.services.payout.decide(made?.id ?? 0, "paid", "x")).rejects.toThrow("目前為「已退回」，無法標記已匯款");
    const list = await t.call<{ list: WithdrawalView[] }>("GET", "/api/user/wallet/withdrawals", { token });
    expect(list.body.data.list[0]).toMatchObject({ status: "rejected", status_label: "已退回", note: "帳號有誤" });
    expect(await t.services.loyalty.unbalanced()).toEqual([]);
  });

  test("the member hears when the money is paid or comes back, on the site and by LINE (no e-mail on file)", async () => {
    await t.services.identities.bind(memberId, "line", `U${"5e".repeat(16)}`);
    const paid = (await apply(150)).body.data;
    await t.services.payout.decide(paid.id, "approved", "");
    await t.services.payout.decide(paid.id, "paid", "FXML-0001");
    const back = (await apply(100)).body.data;
    await t.services.payout.decide(back.id, "rejected", "戶名與會員姓名不符");
    const notices = await t.call<{ list: Array<{ title: string; body: string }> }>("POST", "/api/notification/search", {
      token,
      body: {},
    });
    expect(notices.body.data.list.slice(0, 2).map((n) => [n.title, n.body])).toEqual([
      ["提領申請已退回，NT$100 已回到錢包", "戶名與會員姓名不符"],
      ["提領 NT$135 已匯款", "匯款參考編號：FXML-0001"],
    ]);
    for (const [id, step] of [
      [paid.id, "paid"],
      [back.id, "rejected"],
    ] as const)
      expect((await t.services.outbox.forEvent(`withdrawal:${id}:${step}`)).map((m) => m.channel)).toEqual(["line"]);
    expect(await t.services.outbox.forEvent(`withdrawal:${paid.id}:approved`)).toEqual([]);
  });

  test("a member who signs in on the English pages is texted and told in English: the code, the account's change, the payment", async () => {
    const english = await t.call<{ token: string }>("POST", "/api/auth/login", {
      body: { account: DEMO_ACCOUNTS.member.phone, password: DEMO_ACCOUNTS.member.password },
      headers: { "x-page-lang": "en" },
    });
    const en = english.body.data.token;
    t.clock.advance(61); // one code a minute per phone
    await setPayoutAccount(t, en, {
      bank_user_name: "王小明",
      bank_code: "822",
      branch_code: "0901",
      bank_account: "123456789012",
    });
    expect(t.capturedSms?.lastTo(DEMO_ACCOUNTS.member.phone)?.text).toMatch(
      /^\[茶山好物\] Your code to set your payout account is \d{6}/,
    );
    const changed = (await t.services.outbox.log({}, 1, 200)).rows.filter((m) => m.subject === "Your payout account has changed");
    expect(changed.map((m) => m.channel)).toEqual(["sms"]);
    const w = (await t.call<WithdrawalView>("POST", "/api/user/wallet/apply", { body: { amount: 100 }, token: en })).body.data;
    await t.services.payout.decide(w.id, "approved", "");
    await t.services.payout.decide(w.id, "paid", "FXML-0002");
    const notices = await t.call<{ list: Array<{ title: string; body: string }> }>("POST", "/api/notification/search", {
      token: en,
      body: {},
    });
    expect(notices.body.data.list.slice(0, 2)).toMatchObject([
      { title: `Your withdrawal of NT$${w.net} has been transferred`, body: "Transfer reference: FXML-0002" },
      { title: "Your payout account has changed" },
    ]);
  });

  test("another member never sees these requests", async () => {
    const other = await loginAs(t, DEMO_ACCOUNTS.downline);
    const list = await t.call<{ list: WithdrawalView[] }>("GET", "/api/user/wallet/withdrawals", { token: other });
    expect(list.body.data.list).toEqual([]);
  });
});
