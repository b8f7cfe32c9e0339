import fs from "node:fs";
import path from "node:path";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerErrorHandling } from "../plugins/errors.js";
import { fieldError, unprocessable } from "./errors.js";
import { englishOfBuilt } from "./errors-english-patterns.js";
import { serverDir } from "./server-dir.js";

const ROOT = path.resolve(serverDir, "../..");

/** The storefront's files whose refusals are built with values: each must have its pattern. */
const STOREFRONT_FILES = [
  "packages/contract/src/order.ts",
  "packages/contract/src/cart.ts",
  "packages/contract/src/reviews.ts",
  "apps/server/src/modules/cart/lines.ts",
  "apps/server/src/modules/checkout/quote-steps.ts",
  "apps/server/src/modules/checkout/place-order-steps.ts",
  "apps/server/src/modules/pricing/extras.ts",
  "apps/server/src/modules/loyalty/coupon-codes.ts",
  "apps/server/src/modules/members/addresses.ts",
  "apps/server/src/modules/auth/codes.ts",
  "apps/server/src/modules/auth/accounts.ts",
  "apps/server/src/modules/auth/third-party-steps.ts",
  "apps/server/src/modules/members/identities.ts",
  "apps/server/src/modules/checkout/idempotency.ts",
  "apps/server/src/flows/product-reviews/product-reviews.ts",
  "apps/server/src/modules/orders/lifecycle.ts",
  "apps/server/src/modules/orders/return-steps.ts",
  "apps/server/src/modules/depot/ledger.ts",
  "apps/server/src/modules/exchange/service.ts",
  "apps/server/src/modules/payout/withdrawals.ts",
  "apps/server/src/modules/media/uploads.ts",
];
const HAN = /\p{Script=Han}/u;

/** What comes before a refusal's message in its statement: an error helper of errors.ts, zod's `error:`, a refusal's `message:`. */
const REFUSAL_BEFORE =
  /((badRequest|fieldError|unauthenticated|forbidden|notFound|conflict|unprocessable|unavailable|tooManyRequests|DomainError)\(|\b(error|message):)[^;]*$/;

/** Each refusal written as a template literal with Chinese and a value in it, its values filled with "7". */
function builtMessages(file: string): string[] {
  const source = fs.readFileSync(path.join(ROOT, file), "utf8");
  return [...source.matchAll(/`([^`]*)`/g)]
    .filter((m) => REFUSAL_BEFORE.test(source.slice(Math.max(0, (m.index ?? 0) - 120), m.index)))
    .map((m) => m[1] ?? "")
    .filter((text) => text.includes("${") && HAN.test(text))
    .map((text) => text.replace(/\$\{[^}]*\}/g, "7"));
}

describe("English for refusals built with values", () => {
  it("says the form's field, the number, the amount and the product's name", () => {
    expect(englishOfBuilt("請輸入收件人姓名")).toBe("Please enter the recipient's name");
    expect(englishOfBuilt("請選擇鄉鎮市區")).toBe("Please choose the district");
    expect(englishOfBuilt("地址最多 100 個字")).toBe("The address is at most 100 characters");
    expect(englishOfBuilt("「阿里山金萱烏龍」庫存不足，目前剩 3 件")).toBe("Not enough stock of “阿里山金萱烏龍”: 3 left");
    expect(englishOfBuilt("錢包餘額不足，目前餘額 NT$1,200")).toBe("Not enough in your wallet: the balance is NT$1,200");
    // A precise pattern wins over the form's generic one.
    expect(englishOfBuilt("評價內容最多 500 字")).toBe("A review is at most 500 characters");
    // A field name the table does not know stays as written; a message with no pattern is not guessed.
    expect(englishOfBuilt("請輸入統一編號")).toBe("Please enter the 統一編號");
    expect(englishOfBuilt("訂單編號 20261129000001，請問何時出貨？")).toBeUndefined();
    // Outside the checkout: a return, LINE binding, the wallet.
    expect(englishOfBuilt("只有已送達、尚未完成的訂單可以申請換貨")).toBe(
      "Only a delivered order that is not yet completed can ask for an exchange",
    );
    expect(englishOfBuilt("「凍頂烏龍」最多可退 2 件")).toBe("At most 2 of “凍頂烏龍” can be returned");
    expect(englishOfBuilt("此 LINE 帳號已綁定其他會員")).toBe("This LINE account is linked to another member");
    expect(englishOfBuilt("最低提領金額為 NT$100")).toBe("The smallest withdrawal is NT$100");
    expect(englishOfBuilt("此申請目前為「已退款」，無法執行")).toBe("This request is “refunded” now; it cannot be done");
  });

  it.each(STOREFRONT_FILES)("has a pattern for every refusal built in %s", (file) => {
    const messages = builtMessages(file);
    expect(messages.length, "the file's refusals are found").toBeGreaterThan(0);
    const missing = messages.filter((m) => englishOfBuilt(m) === undefined);
    expect(missing).toEqual([]);
  });

  it("are said in English by the error handler on an English page, and in zh-TW otherwise", async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get("/stock", async () => {
      throw unprocessable("INSUFFICIENT_STOCK", "「凍頂烏龍」庫存不足，目前剩 2 件");
    });
    app.get("/field", async () => {
      throw fieldError("receiver", "請輸入收件人姓名");
    });
    const english = { "x-page-lang": "en" };
    const stock = await app.inject({ method: "GET", url: "/stock", headers: english });
    expect(stock.json().message).toBe("Not enough stock of “凍頂烏龍”: 2 left");
    const field = await app.inject({ method: "GET", url: "/field", headers: english });
    expect(JSON.stringify(field.json())).toContain("Please enter the recipient's name");
    const chinese = await app.inject({ method: "GET", url: "/stock" });
    expect(chinese.json().message).toBe("「凍頂烏龍」庫存不足，目前剩 2 件");
    await app.close();
  });
});
