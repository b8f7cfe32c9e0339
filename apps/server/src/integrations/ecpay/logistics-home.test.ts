import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DeliveryError } from "../delivery.js";
import { checkMacValue, verifyCheckMacValue } from "./check-mac-value.js";
import { createFakeEcpayLogistics } from "./fake-logistics.js";
import { createEcpayLogisticsClient } from "./logistics.js";
import { type HomeShipmentRequest, homeParcelProblem, parseTradeInfo } from "./logistics-home.js";
import { stepOf } from "./logistics-status.js";
import { ECPAY_STAGE_B2C, ECPAY_STAGE_C2C } from "./map.js";

// The real client over real HTTP against the fake, with both contracts (C2C and B2C + home).
const fake = createFakeEcpayLogistics([ECPAY_STAGE_C2C, { ...ECPAY_STAGE_B2C, contract: "b2c" }]);
let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  server = await fake.listen();
});
afterAll(() => server.close());

const home = (no: string, extra: Partial<HomeShipmentRequest> = {}): HomeShipmentRequest => ({
  merchantTradeNo: no,
  method: "tcat",
  goodsAmount: 1200,
  goodsName: "阿里山烏龍茶",
  senderName: "茶山好物",
  senderCellPhone: "0912345678",
  senderZipCode: "605",
  senderAddress: "嘉義縣阿里山鄉中正村 1 號",
  receiverName: "陳大文",
  receiverCellPhone: "0922333444",
  receiverEmail: "",
  receiverZipCode: "100",
  receiverAddress: "台北市中正區重慶南路一段 122 號",
  parcel: { size: 90, weight_g: 2500, temperature: "chilled", region: "main", delivery_time: "evening" },
  distance: "other",
  serverReplyUrl: "https://shop.test/api/ecpay/logistics/notify",
  at: new Date("2026-11-25T04:05:06Z"),
  ...extra,
});

describe("ECPay home delivery and B2C against a fake ECPay", () => {
  const b2c = () => createEcpayLogisticsClient({ baseUrl: server.url, ...ECPAY_STAGE_B2C });

  test("a 黑貓 shipment: the codes ECPay reads, a consignment number, its 託運單 and its status by query", async () => {
    const client = b2c();
    const made = await client.createHomeShipment(home("20261125000001H1"));
    expect(made.bookingNote).toMatch(/^9\d{11}$/);
    const sent = fake.created.get("20261125000001H1");
    expect(sent).toMatchObject({
      LogisticsType: "HOME",
      LogisticsSubType: "TCAT",
      Temperature: "0002",
      Specification: "0002",
      Distance: "01",
      ScheduledDeliveryTime: "3",
      ScheduledPickupTime: "4",
      MerchantTradeDate: "2026/11/25 12:05:06",
    });
    expect(sent?.GoodsWeight).toBeUndefined();
    // What went out was signed with the B2C contract's keys.
    expect(verifyCheckMacValue(sent ?? {}, ECPAY_STAGE_B2C.hashKey, ECPAY_STAGE_B2C.hashIV, "md5")).toBe(true);

    const label = client.tradeDocumentForm(made.logisticsId);
    expect(label.action).toBe(`${server.url}/helper/printTradeDocument`);
    const page = await fetch(label.action, { method: "POST", body: new URLSearchParams(label.fields) });
    expect(await page.text()).toContain(made.bookingNote ?? "-");

    expect((await client.queryTradeInfo(made.logisticsId, new Date())).code).toBe("300");
    fake.advance(made.logisticsId);
    const info = await client.queryTradeInfo(made.logisticsId, new Date());
    expect(info).toMatchObject({ code: "3001", shipmentNo: made.bookingNote });
    expect(stepOf(info.code)).toBe("in_transit");
  });

  test("郵局 sends its weight in kilograms and no delivery slot", async () => {
    await b2c().createHomeShipment(
      home("20261125000002H1", {
        method: "post",
        parcel: { size: 60, weight_g: 1250, temperature: "normal", region: "main", delivery_time: "morning" },
      }),
    );
    const sent = fake.created.get("20261125000002H1");
    expect(sent).toMatchObject({ LogisticsSubType: "POST", GoodsWeight: "1.25", Temperature: "0001" });
    expect(sent?.ScheduledDeliveryTime).toBeUndefined();
  });

  test("B2C store shipments: 全家 as FAMI under the B2C merchant; OK refused before anything is sent", async () => {
    const client = b2c();
    const r = {
      merchantTradeNo: "20261125000003S1",
      method: "cvs_family" as const,
      goodsAmount: 500,
      collectAmount: 0,
      goodsName: "茶",
      senderName: "茶山好物",
      senderCellPhone: "0912345678",
      receiverName: "陳大文",
      receiverCellPhone: "0922333444",
      receiverEmail: "",
      receiverStoreId: "006598",
      serverReplyUrl: "https://shop.test/n",
      at: new Date(),
      contract: "b2c" as const,
    };
    await client.createCvsShipment(r);
    expect(fake.created.get("20261125000003S1")).toMatchObject({ LogisticsSubType: "FAMI", MerchantID: "2000132" });
    await expect(client.createCvsShipment({ ...r, merchantTradeNo: "20261125000004S1", method: "cvs_ok" })).rejects.toThrow(
      "B2C 合約不提供 OK 超商取貨",
    );
    expect(fake.created.has("20261125000004S1")).toBe(false);
  });

  test("refusals: wrong keys, the C2C merchant asking for home delivery, a chilled 郵局 parcel, 冷凍 at 150 cm", async () => {
    const wrongKeys = createEcpayLogisticsClient({ baseUrl: server.url, ...ECPAY_STAGE_B2C, hashKey: "x".repeat(16) });
    await expect(wrongKeys.createHomeShipment(home("20261125000005H1"))).rejects.toThrow("CheckMacValue Error");
    const c2c = createEcpayLogisticsClient({ baseUrl: server.url, ...ECPAY_STAGE_C2C });
    await expect(c2c.createHomeShipment(home("20261125000006H1"))).rejects.toThrow("此合約不提供宅配");
    await expect(
      b2c().createHomeShipment(
        home("20261125000007H1", {
          method: "post",
          parcel: { size: 60, weight_g: 500, temperature: "chilled", region: "main", delivery_time: "any" },
        }),
      ),
    ).rejects.toBeInstanceOf(DeliveryError);
    expect(
      homeParcelProblem("post", { size: 60, weight_g: 500, temperature: "chilled", region: "main", delivery_time: "any" }),
    ).toBe("中華郵政宅配僅寄送常溫包裹");
    expect(
      homeParcelProblem("tcat", { size: 150, weight_g: 500, temperature: "frozen", region: "main", delivery_time: "any" }),
    ).toBe("冷凍包裹材積最大 120 公分");
    expect(
      homeParcelProblem("tcat", { size: 120, weight_g: 500, temperature: "frozen", region: "main", delivery_time: "any" }),
    ).toBeNull();
  });

  test("a query answer with a forged CheckMacValue, or none at all, is refused", () => {
    const fields: Record<string, string> = { AllPayLogisticsID: "1", LogisticsStatus: "3003", MerchantID: "2000132" };
    fields.CheckMacValue = checkMacValue(fields, ECPAY_STAGE_B2C.hashKey, ECPAY_STAGE_B2C.hashIV, "md5");
    expect(parseTradeInfo(new URLSearchParams(fields).toString(), ECPAY_STAGE_B2C).code).toBe("3003");
    const forged = new URLSearchParams({ ...fields, LogisticsStatus: "3006" }).toString();
    expect(() => parseTradeInfo(forged, ECPAY_STAGE_B2C)).toThrow("CheckMacValue");
    expect(() => parseTradeInfo("查無物流訂單", ECPAY_STAGE_B2C)).toThrow("查無物流訂單");
  });
});
