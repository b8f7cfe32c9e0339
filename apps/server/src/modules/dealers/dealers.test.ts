import type { DealerDetail, DealerOutletPage, DealerSearchPage } from "@shop/contract";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = (query: string) => t.call<DealerSearchPage>("GET", `/api/dealer/search?${query}`);

describe("the dealer directory", () => {
  test("every active dealer, the counties that have dealers, and a county filter", async () => {
    const all = await search("");
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(7);
    expect(all.body.data.counties.length).toBeGreaterThanOrEqual(6);
    const taipei = all.body.data.list.find((d) => d.name === "茶山好物 台北旗艦店");
    expect(taipei).toMatchObject({ county: "臺北市", outlet_count: 3, product_count: 10 });

    const kaohsiung = await search(`county=${encodeURIComponent("高雄市")}`);
    expect(kaohsiung.body.data.list.map((d) => d.name)).toEqual(["高雄港都茶莊"]);
    expect((await search(`county=${encodeURIComponent("連江縣")}`)).body.data.list).toEqual([]);
  });

  test("keywords match name, address or intro; LIKE wildcards are literal; paging", async () => {
    expect((await search(`keyword=${encodeURIComponent("公益路")}`)).body.data.list.map((d) => d.name)).toEqual(["台中好茶行"]);
    expect((await search(`keyword=${encodeURIComponent("東方美人")}`)).body.data.list.map((d) => d.name)).toEqual(["竹北茶坊"]);
    expect((await search("keyword=%25")).body.data.list).toEqual([]);
    expect((await search("keyword=_")).body.data.list).toEqual([]);
    const page2 = await search("per_page=5&page=2");
    expect(page2.body.data.list).toHaveLength(2);
    expect(page2.body.data.total).toBe(7);
  });

  test("a dealer's outlets, and the products it carries with its outlets", async () => {
    const list = (await search("")).body.data.list;
    const taipei = list.find((d) => d.name === "茶山好物 台北旗艦店");
    const outlets = await t.call<DealerOutletPage>("GET", `/api/dealer/subSearch?dealer_id=${taipei?.id}`);
    expect(outlets.body.data.dealer.name).toBe("茶山好物 台北旗艦店");
    expect(outlets.body.data.list.map((o) => o.name)).toEqual(["忠孝旗艦店", "信義門市", "板橋門市"]);
    const detail = await t.call<DealerDetail>("GET", `/api/dealer/get?id=${taipei?.id}`);
    expect(detail.body.data.outlets).toHaveLength(3);
    expect(detail.body.data.products.map((p) => p.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 53, 57]);
  });

  test("unknown or hidden dealers are 404; bad ids and oversized input are 400", async () => {
    expect((await t.call("GET", "/api/dealer/get?id=99999")).status).toBe(404);
    expect((await t.call("GET", "/api/dealer/subSearch?dealer_id=99999")).status).toBe(404);
    expect((await t.call("GET", "/api/dealer/get?id=abc")).status).toBe(400);
    expect((await t.call("GET", "/api/dealer/subSearch")).status).toBe(400);
    expect((await search(`keyword=${"茶".repeat(51)}`)).status).toBe(400);
    expect((await search("per_page=1000")).status).toBe(400);
  });
});
