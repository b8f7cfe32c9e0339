import { describe, expect, it } from "vitest";
import { DeliveryError } from "../delivery.js";
import { checkMacValue } from "./check-mac-value.js";
import { createFakeEcpayReturns } from "./fake-logistics-returns.js";
import { createEcpayReturnsClient, parseStoreReturnAnswer } from "./logistics-returns.js";
import { ECPAY_STAGE_B2C } from "./map.js";

const store = {
  serverReplyUrl: "https://shop.example/api/ecpay/logistics/return-notify?return=7",
  goodsName: "退貨 20261128000001",
  goodsAmount: 880,
  senderName: "王小明",
  senderPhone: "0912345678",
  remark: "退貨 #7",
};
const home = {
  serverReplyUrl: "https://shop.example/api/ecpay/logistics/return-notify?return=8",
  goodsName: "退貨",
  goodsAmount: 500,
  sender: { name: "王小明", phone: "0912345678", zip: "100", address: "台北市中正區重慶南路一段 122 號" },
  receiver: { name: "茶山好物", phone: "0223456789", zip: "605", address: "嘉義縣阿里山鄉中正村 1 號" },
  temperature: "0001" as const,
  specification: "0001" as const,
  remark: "",
};

function pair(keys = ECPAY_STAGE_B2C) {
  const fake = createFakeEcpayReturns(ECPAY_STAGE_B2C);
  const client = createEcpayReturnsClient({ baseUrl: "https://logistics-stage.ecpay.com.tw", ...keys, fetch: fake.fetch });
  return { fake, client };
}

describe("ECPay 逆物流 client against the simulator", () => {
  it("books a 7-ELEVEN return signed with MD5: ECPay's number and the code the buyer gives", async () => {
    const { fake, client } = pair();
    const r = await client.bookStoreReturn({ chain: "cvs_711", ...store });
    expect(r.logisticsId).toMatch(/^R\d+$/);
    expect(r.code).toMatch(/^\d{8}$/);
    const form = fake.booked.get(r.logisticsId) ?? {};
    expect(form).toMatchObject({ MerchantID: "2000132", ServiceType: "4", CollectionAmount: "0", GoodsAmount: "880" });
    const { CheckMacValue, ...rest } = form;
    expect(CheckMacValue).toBe(checkMacValue(rest, ECPAY_STAGE_B2C.hashKey, ECPAY_STAGE_B2C.hashIV, "md5"));
  });

  it("a wrong HashKey is refused by the provider: `|CheckMacValue Error` becomes a permanent DeliveryError", async () => {
    const { client } = pair({ ...ECPAY_STAGE_B2C, hashKey: "wrongwrongwrong1" });
    const e = await client.bookStoreReturn({ chain: "cvs_family", ...store }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DeliveryError);
    expect(e).toMatchObject({ permanent: true, answer: "CheckMacValue Error" });
  });

  it("a refused 黑貓 pick-up (`0|reason`) throws with the reason; `1|OK` books it", async () => {
    const { fake, client } = pair();
    await expect(client.bookHomePickup(home)).resolves.toBeUndefined();
    fake.failNext("取件地址不在服務範圍");
    await expect(client.bookHomePickup(home)).rejects.toMatchObject({ answer: "取件地址不在服務範圍" });
  });

  it("reads the store answer and its refusals", () => {
    expect(parseStoreReturnAnswer("R123|91000001")).toEqual({ logisticsId: "R123", code: "91000001" });
    expect(() => parseStoreReturnAnswer("|寄件人電話格式錯誤")).toThrow("寄件人電話格式錯誤");
    expect(() => parseStoreReturnAnswer("")).toThrow("綠界未回覆退貨編號");
  });

  it("verifies pushes: signed by the simulator passes, a changed field or another merchant fails", () => {
    const { fake, client } = pair();
    const fields = fake.push("R1", "2068", "買家已至門市寄件");
    expect(client.verifyPush(fields)).toBe(true);
    expect(client.verifyPush({ ...fields, RtnCode: "2070" })).toBe(false);
    const other = createFakeEcpayReturns({ ...ECPAY_STAGE_B2C, merchantId: "2000933" });
    expect(client.verifyPush(other.push("R1", "2068", "x"))).toBe(false);
  });
});
