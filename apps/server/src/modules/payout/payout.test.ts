import type { PayoutAccountView } from "@shop/contract";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, type TestApp } from "../../test/harness.js";

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

    const saved = await t.call<PayoutAccountView>("POST", "/api/supmall/updateBank", { body: good, token: seller });
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
    ];
    for (const [body, field] of cases) {
      const r = await t.call<{ errors: Array<{ field: string }> }>("POST", "/api/supmall/updateBank", { body, token: member });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.data.errors.map((e) => e.field)).toContain(field);
    }
    expect((await t.call("GET", "/api/user/bank/get", { token: member })).body.data).toBeNull();
    expect((await t.call("POST", "/api/supmall/updateBank", { body: good })).status).toBe(401);
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
