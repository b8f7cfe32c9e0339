import type { StaffWithdrawal } from "@shop/contract/responses";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, setPayoutAccount, staffTokens, type TestApp } from "../../test/harness.js";

/** Staff see a member's full bank account only where their role pays into it (decision 79). */
let t: TestApp;
let tokens: Awaited<ReturnType<typeof staffTokens>>;
let withdrawalId = 0;
const ACCOUNT = "004123455678";

beforeAll(async () => {
  t = await createTestApp();
  tokens = await staffTokens(t);
  const member = await loginAs(t, DEMO_ACCOUNTS.member);
  await setPayoutAccount(t, member, { bank_user_name: "王小明", bank_code: "822", branch_code: "0015", bank_account: ACCOUNT });
  const applied = await t.call<{ id: number }>("POST", "/api/user/wallet/apply", { body: { amount: 200 }, token: member });
  expect(applied.status).toBe(200);
  withdrawalId = applied.body.data.id;
});
afterAll(() => t.close());

const list = (token: string) => t.call<{ items: StaffWithdrawal[] }>("GET", "/api/admin/withdrawals", { token });
const one = (token: string) => t.call<StaffWithdrawal>("GET", `/api/admin/withdrawals/${withdrawalId}`, { token });

describe("bank account numbers in the back office", () => {
  test("support sees the last four digits only, in the list and the detail", async () => {
    const listed = (await list(tokens.support)).body.data.items.find((w) => w.id === withdrawalId);
    expect(listed?.bank).toMatchObject({ account: "****5678", bank_code: "822", holder: "王小明" });
    const detail = await one(tokens.support);
    expect(detail.status).toBe(200);
    expect(detail.body.data.bank.account).toBe("****5678");
    // Nowhere in the answers does the whole number appear.
    expect(JSON.stringify((await list(tokens.support)).body)).not.toContain(ACCOUNT);
    expect(JSON.stringify(detail.body)).not.toContain(ACCOUNT);
  });

  test("the owner and operators, who pay it, see the whole number", async () => {
    for (const role of ["owner", "operator"] as const) {
      expect((await list(tokens[role])).body.data.items.find((w) => w.id === withdrawalId)?.bank.account, role).toBe(ACCOUNT);
      expect((await one(tokens[role])).body.data.bank.account, role).toBe(ACCOUNT);
    }
  });
});
