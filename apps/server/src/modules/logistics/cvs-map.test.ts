import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (url: string, fields: Record<string, string>) =>
  t.app.inject({ method: "POST", url, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: form(fields) });

describe("convenience-store pickup through ECPay's store map (simulator)", () => {
  test("token → map page (CheckMacValue checked) → browser return → the chosen store", async () => {
    const r = await t.call<{ action: string; fields: Record<string, string>; simulated: boolean }>(
      "POST",
      "/api/ecpay/mapCreateToken",
      { body: { cvs_type: "cvs_711", device: "mobile", return_path: "/shop_2/cart" } },
    );
    expect(r.status).toBe(200);
    const { action, fields } = r.body.data;
    expect(fields).toMatchObject({ LogisticsType: "CVS", LogisticsSubType: "UNIMARTC2C", Device: "1", IsCollection: "N" });
    expect(fields.MerchantTradeNo).toMatch(/^[A-Za-z0-9]{1,20}$/);
    expect(fields.CheckMacValue).toMatch(/^[0-9A-F]{32}$/);

    const page = await post(action, fields);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("測試模式");
    expect(page.body).toContain("131386");
    const tampered = await post(action, { ...fields, LogisticsSubType: "FAMIC2C" });
    expect(tampered.statusCode).toBe(400);

    const back = await post("/api/ecpay/map/callback", {
      MerchantID: fields.MerchantID ?? "",
      MerchantTradeNo: fields.MerchantTradeNo ?? "",
      LogisticsSubType: "UNIMARTC2C",
      CVSStoreID: "131386",
      CVSStoreName: "建盛門市",
      CVSAddress: "台北市中正區重慶南路一段 122 號",
      CVSTelephone: "",
      CVSOutSide: "0",
      ExtraData: "cvs_711",
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/shop_2/cart?cvs_token=${fields.MerchantTradeNo}`);
    const result = await t.call("GET", `/api/ecpay/map/result?token=${fields.MerchantTradeNo}`);
    expect(result.body.data).toEqual({
      type: "cvs_711",
      id: "131386",
      name: "建盛門市",
      address: "台北市中正區重慶南路一段 122 號",
    });
  });

  test("a return we did not start, or for another store type, is refused and stores nothing", async () => {
    const forged = await post("/api/ecpay/map/callback", {
      MerchantID: "2000933",
      MerchantTradeNo: "forgedtoken123",
      LogisticsSubType: "UNIMARTC2C",
      CVSStoreID: "131386",
      CVSStoreName: "x",
      CVSAddress: "y",
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toContain("門市選擇已逾時或無效");

    const r = await t.call<{ fields: Record<string, string> }>("POST", "/api/ecpay/mapCreateToken", {
      body: { cvs_type: "cvs_family" },
    });
    const token = r.body.data.fields.MerchantTradeNo ?? "";
    const wrongType = await post("/api/ecpay/map/callback", {
      MerchantID: "2000933",
      MerchantTradeNo: token,
      LogisticsSubType: "UNIMARTC2C",
      CVSStoreID: "131386",
      CVSStoreName: "建盛門市",
      CVSAddress: "台北市",
    });
    expect(wrongType.statusCode).toBe(400);
    expect((await t.call("GET", `/api/ecpay/map/result?token=${token}`)).status).toBe(404);
    const badReturn = await t.call("POST", "/api/ecpay/mapCreateToken", {
      body: { cvs_type: "cvs_711", return_path: "https://evil.test/" },
    });
    expect(badReturn.status).toBe(400);
  });

  test("a map session expires after 30 minutes", async () => {
    const r = await t.call<{ fields: Record<string, string> }>("POST", "/api/ecpay/mapCreateToken", {
      body: { cvs_type: "cvs_ok" },
    });
    t.clock.advance(31 * 60);
    const late = await post("/api/ecpay/map/callback", {
      MerchantID: "2000933",
      MerchantTradeNo: r.body.data.fields.MerchantTradeNo ?? "",
      LogisticsSubType: "OKMARTC2C",
      CVSStoreID: "1328",
      CVSStoreName: "OK",
      CVSAddress: "高雄市",
    });
    expect(late.statusCode).toBe(400);
  });
});
