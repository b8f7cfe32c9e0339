import type { shopPage } from "@shop/contract/responses";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { z } from "zod";
import { shopSettings } from "../../db/schema/index.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

type ShopPage = z.output<typeof shopPage>;

/** The storefront's express Apple Pay / Google Pay buttons show only where checkout offers the wallet (issue 48). */
describe("the shop info names the device wallets checkout offers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const shop = async (id: number) => (await t.call<ShopPage>("GET", `/api/front/shop/get?shop_id=${id}`)).body.data;

  test("both, in the shop's order, under the simulator", async () => {
    expect((await shop(1)).device_wallets).toEqual(["apple_pay", "google_pay"]);
  });

  test("a sub-mall that switches Google Pay off offers Apple Pay alone there", async () => {
    await t.database.db.insert(shopSettings).values({ shopId: 2, key: "pay_google_pay", value: "0" });
    expect((await shop(2)).device_wallets).toEqual(["apple_pay"]);
    expect((await shop(2)).footer.payment_methods).not.toContain("Google Pay");
  });
});
