import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, staffTokens, type TestApp } from "../../test/harness.js";

/**
 * Staff searches match the keyword literally: `%` and `_` typed into the inbox's or the message
 * log's search are characters, not LIKE wildcards (backslash is LIKE's default escape character on
 * PostgreSQL and PGlite alike, so the escaped pattern needs no ESCAPE clause).
 */
let t: TestApp;
let support = "";
const stamp = Date.now().toString(36);
const asked = [
  { subject: `退款 100% 嗎 ${stamp}`, email: `pct.${stamp}@example.com` },
  { subject: `帳號_重設 ${stamp}`, email: `under_${stamp}@example.com` },
  { subject: `一般詢問 ${stamp}`, email: `underx${stamp}@example.com` },
];

beforeAll(async () => {
  t = await createTestApp();
  ({ support } = await staffTokens(t));
  for (const [i, a] of asked.entries())
    await t.services.support.submit(
      {
        name: "林小姐",
        phone: "0912000111",
        email: a.email,
        subject: a.subject,
        message: "想請問一下訂單的問題",
        kind: "contact",
      },
      `10.46.0.${i + 1}`,
      null,
    );
});
afterAll(() => t.close());

const inbox = async (q: string) =>
  (
    await t.call<{ total: number; items: Array<{ subject: string }> }>("GET", `/api/admin/inquiries?q=${encodeURIComponent(q)}`, {
      token: support,
    })
  ).body.data;
const messages = async (q: string) =>
  (
    await t.call<{ total: number; items: Array<{ recipient: string }> }>(
      "GET",
      `/api/admin/messages?q=${encodeURIComponent(q)}`,
      {
        token: support,
      },
    )
  ).body.data;

describe("staff searches take % and _ literally", () => {
  test("the inquiry inbox", async () => {
    expect((await inbox("%")).items.map((i) => i.subject)).toEqual([asked[0]?.subject]);
    expect((await inbox("100%")).items.map((i) => i.subject)).toEqual([asked[0]?.subject]);
    expect((await inbox("_")).items.map((i) => i.subject)).toEqual([asked[1]?.subject]);
    expect((await inbox("號_重")).total).toBe(1);
    // A plain keyword still finds every match (here all three by their stamp), and a backslash is a character too.
    expect((await inbox(stamp)).total).toBe(3);
    expect((await inbox("\\")).total).toBe(0);
  });

  test("the customer-message log", async () => {
    // Each inquiry mails its receipt to the asker: `under_` matches one address, not `underx` as well.
    expect((await messages(`under_${stamp}`)).items.map((m) => m.recipient)).toEqual([asked[1]?.email]);
    expect((await messages("%")).total).toBe(0);
    expect((await messages(stamp)).total).toBe(3);
  });
});
