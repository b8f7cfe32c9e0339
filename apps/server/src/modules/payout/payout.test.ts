import type { WithdrawalView } from "@shop/contract";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, setPayoutAccount, staffTokens, type TestApp } from "../../test/harness.js";

let t: TestApp;
const login = (a: { phone: string; password: string }) => loginAs(t, a);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const good = {
  bank_user_name: "陳賣家",
  bank_name: "隨便寫的銀行",
  bank_code: "004",
  bank_branch: "隨便寫的分行",
  branch_code: "0037",
  bank_account: "0123456789012",
};

describe("payout bank account", () => {
  test("isBank is truthy only for a signed-in seller without an account; saving turns it off", async () => {
    expect((await t.call("POST", "/api/supmall/isBank", { body: {} })).body.status).toBe(false);
    const member = await login(DEMO_ACCOUNTS.member);
    expect((await t.call("POST", "/api/supmall/isBank", { body: {}, token: member })).body.status).toBe(false);
    const seller = await login(DEMO_ACCOUNTS.seller);
    const before = await t.call("POST", "/api/supmall/isBank", { body: {}, token: seller });
    expect(before.status).toBe(200);
    expect(before.body.status).toBe(true);

    const saved = await setPayoutAccount(t, seller, good);
    expect(saved.status).toBe(200);
    // Names come from the reference data, not from what the client sent.
    expect(saved.body.data).toEqual({
      bank_user_name: "陳賣家",
      bank_code: "004",
      bank_name: "臺灣銀行",
      branch_code: "0037",
      bank_branch: "營業部",
      bank_account_masked: "****9012",
    });
    expect((await t.call("POST", "/api/supmall/isBank", { body: {}, token: seller })).body.status).toBe(false);
  });

  test("a pair not in the reference data, a bad account number or an empty holder: 400 naming the field", async () => {
    const member = await login(DEMO_ACCOUNTS.downline);
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...good, branch_code: "9999" }, "branch_code"],
      [{ ...good, bank_code: "815" }, "bank_code"],
      [{ ...good, bank_code: "999" }, "bank_code"],
      [{ ...good, bank_account: "12345abc901" }, "bank_account"],
      [{ ...good, bank_account: "123456789" }, "bank_account"],
      [{ ...good, bank_user_name: "  " }, "bank_user_name"],
      [{ ...good, captcha: "" }, "captcha"],
    ];
    for (const [body, field] of cases) {
      const r = await t.call<{ errors: Array<{ field: string }> }>("POST", "/api/supmall/updateBank", {
        body: { captcha: "123456", ...body },
        token: member,
      });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.data.errors.map((e) => e.field)).toContain(field);
    }
    expect((await t.call("GET", "/api/user/bank/get", { token: member })).body.data).toBeNull();
    expect((await t.call("POST", "/api/supmall/updateBank", { body: { ...good, captcha: "123456" } })).status).toBe(401);
  });

  test("reference lists for the pickers", async () => {
    const banks = await t.call<Array<{ bankCode: string }>>("GET", "/api/reference/banks");
    expect(banks.body.data.length).toBe(296);
    const branches = await t.call<Array<{ branchCode: string; branchName: string }>>(
      "GET",
      "/api/reference/branches?bank_code=700",
    );
    expect(branches.body.data.map((b) => b.branchCode)).toEqual(["0010", "0021"]);
    expect((await t.call("GET", "/api/reference/branches?bank_code=7")).status).toBe(400);
  });
});

/** A stolen session cannot move money out (decision 77). */
describe("changing the payout account", () => {
  const stranger = { ...good, bank_user_name: "陌生人", bank_account: "9876543210123" };

  test("a token alone cannot change it: the code to the member's own phone is asked, a wrong one refused", async () => {
    const token = await login(DEMO_ACCOUNTS.member);
    const noCode = await t.call("POST", "/api/supmall/updateBank", { body: stranger, token });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toContain("請輸入簡訊驗證碼");
    await t.call("POST", "/api/user/payout/code", { token, body: {} });
    const wrong = await t.call("POST", "/api/supmall/updateBank", { body: { ...stranger, captcha: "000000" }, token });
    expect(wrong.status).toBe(400);
    expect((await t.call("GET", "/api/user/bank/get", { token })).body.data).toBeNull();
  });

  test("a change is told to the member, holds withdrawals for 72 hours, and flags another holder's name for staff", async () => {
    const token = await login(DEMO_ACCOUNTS.member);
    t.clock.advance(61); // one code a minute per phone
    const saved = await setPayoutAccount(t, token, stranger, { onHold: true });
    expect(saved.body.message).toBe("收款帳號已儲存；戶名與會員姓名不同，提領時將由客服人工確認");
    const told = (await t.services.outbox.log({}, 1, 100)).rows.filter((m) => m.subject === "收款帳戶已變更");
    expect(told.filter((m) => m.channel === "sms" && m.recipient === DEMO_ACCOUNTS.member.phone)).toHaveLength(1);

    const held = await t.call("POST", "/api/user/wallet/apply", { body: { amount: 200 }, token });
    expect(held.status).toBe(409);
    expect(held.body.message).toMatch(
      /^收款帳戶於 \d{4}\/\d{2}\/\d{2} \d{2}:\d{2} 設定或變更，為保護您的資金，\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} 後才能申請提領$/,
    );

    t.clock.advance(72 * 3600 + 60);
    const ok = await t.call<WithdrawalView>("POST", "/api/user/wallet/apply", { body: { amount: 200 }, token });
    expect(ok.status, ok.body.message).toBe(200);
    const staff = await t.call<{
      items: Array<{ id: number; bank: { holder_matches_name?: boolean; account_changed_at?: string } }>;
    }>("GET", "/api/admin/withdrawals?status=requested", { token: (await staffTokens(t)).owner });
    const row = staff.body.data.items.find((w) => w.id === ok.body.data.id);
    expect(row?.bank.holder_matches_name).toBe(false);
    expect(row?.bank.account_changed_at).toBeTruthy();
  });
});
