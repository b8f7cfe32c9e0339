import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DeliveryError } from "../delivery.js";
import { checkMacValue } from "./check-mac-value.js";
import { createFakeEcpayLogistics } from "./fake-logistics.js";
import { type CvsShipmentRequest, createEcpayLogisticsClient, ecpayTime, parseCreateAnswer } from "./logistics.js";
import { ECPAY_STAGE_C2C } from "./map.js";

// The real client over real HTTP against a local server that speaks ECPay's logistics protocol.
const fake = createFakeEcpayLogistics(ECPAY_STAGE_C2C);
let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  server = await fake.listen();
});
afterAll(() => server.close());

const request = (no: string, extra: Partial<CvsShipmentRequest> = {}): CvsShipmentRequest => ({
  merchantTradeNo: no,
  method: "cvs_711",
  goodsAmount: 860,
  collectAmount: 0,
  goodsName: "宜蘭三星蔥醬#阿里山烏龍茶",
  senderName: "茶山好物",
  senderCellPhone: "0912345678",
  receiverName: "陳大文",
  receiverCellPhone: "0922333444",
  receiverEmail: "",
  receiverStoreId: "131386",
  serverReplyUrl: "https://shop.test/api/ecpay/logistics/notify",
  at: new Date("2026-11-25T04:05:06Z"),
  ...extra,
});

describe("ECPay logistics client against a fake ECPay", () => {
  test("creates a 7-ELEVEN shipment with cash collected at the store, then opens its label", async () => {
    const client = createEcpayLogisticsClient({ baseUrl: server.url, ...ECPAY_STAGE_C2C });
    const made = await client.createCvsShipment(request("20261125000001S1", { collectAmount: 760 }));
    expect(made.logisticsId).toMatch(/^\d+$/);
    expect(made.paymentNo).toMatch(/^C\d+$/);
    expect(made.validationNo).toMatch(/^\d{4}$/);
    const sent = fake.created.get("20261125000001S1");
    expect(sent).toMatchObject({
      LogisticsType: "CVS",
      LogisticsSubType: "UNIMARTC2C",
      IsCollection: "Y",
      CollectionAmount: "760",
      MerchantTradeDate: "2026/11/25 12:05:06",
      ReceiverStoreID: "131386",
    });
    const form = client.labelForm("cvs_711", made);
    expect(form.action).toBe(`${server.url}/Express/PrintUniMartC2COrderInfo`);
    const page = await fetch(form.action, { method: "POST", body: new URLSearchParams(form.fields) });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(made.paymentNo);
  });

  test("a refusal (`0|…`) is final, a repeated trade number is refused, a tampered label is refused", async () => {
    const client = createEcpayLogisticsClient({ baseUrl: server.url, ...ECPAY_STAGE_C2C });
    fake.failNext("ReceiverStoreID 門市已關轉");
    const refused = await client.createCvsShipment(request("20261125000002S1")).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DeliveryError);
    expect(refused).toMatchObject({ permanent: true, answer: "ReceiverStoreID 門市已關轉" });
    await client.createCvsShipment(request("20261125000003S1", { method: "cvs_family", receiverStoreId: "006598" }));
    const again = await client.createCvsShipment(request("20261125000003S1")).catch((e: unknown) => e);
    expect(again).toMatchObject({ answer: "MerchantTradeNo 重複" });
    const wrongKey = createEcpayLogisticsClient({ baseUrl: server.url, ...ECPAY_STAGE_C2C, hashKey: "wrongwrongwrong1" });
    expect(await wrongKey.createCvsShipment(request("20261125000004S1")).catch((e: unknown) => e)).toMatchObject({
      answer: "CheckMacValue Error",
    });
    const made = await client.createCvsShipment(request("20261125000005S1"));
    const form = client.labelForm("cvs_711", made);
    const page = await fetch(form.action, {
      method: "POST",
      body: new URLSearchParams({ ...form.fields, CVSPaymentNo: "C0000000" }),
    });
    expect(page.status).toBe(400);
  });

  test("answers are read only when their CheckMacValue holds; pushes only when signed for our merchant", () => {
    const fields = { AllPayLogisticsID: "1900001", CVSPaymentNo: "C1", CVSValidationNo: "1234", RtnCode: "300" };
    const signed = { ...fields, CheckMacValue: checkMacValue(fields, ECPAY_STAGE_C2C.hashKey, ECPAY_STAGE_C2C.hashIV, "md5") };
    expect(parseCreateAnswer(`1|${new URLSearchParams(signed)}`, ECPAY_STAGE_C2C).paymentNo).toBe("C1");
    const forged = { ...signed, CVSPaymentNo: "C2" };
    expect(() => parseCreateAnswer(`1|${new URLSearchParams(forged)}`, ECPAY_STAGE_C2C)).toThrow(DeliveryError);
    expect(() => parseCreateAnswer("<html>502</html>", ECPAY_STAGE_C2C)).toThrow(DeliveryError);
    const client = createEcpayLogisticsClient({ baseUrl: server.url, ...ECPAY_STAGE_C2C });
    const push = fake.statusPush("1900001", "2067", "消費者成功取件");
    expect(client.verifyPush(push)).toBe(true);
    expect(client.verifyPush({ ...push, RtnCode: "2074" })).toBe(false);
    const other = createEcpayLogisticsClient({ baseUrl: server.url, ...ECPAY_STAGE_C2C, merchantId: "3000000" });
    expect(other.verifyPush(push)).toBe(false);
    expect(ecpayTime(new Date("2026-12-31T16:00:00Z"))).toBe("2027/01/01 00:00:00");
  });
});
