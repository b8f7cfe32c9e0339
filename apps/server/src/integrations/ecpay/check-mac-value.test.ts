import { describe, expect, it } from "vitest";
import { checkMacValue, verifyCheckMacValue } from "./check-mac-value.js";

describe("ECPay CheckMacValue", () => {
  it("reproduces ECPay's SHA-256 payment test vector", () => {
    const fields = {
      TradeDesc: "促銷方案",
      PaymentType: "aio",
      MerchantTradeDate: "2023/03/12 15:30:23",
      MerchantTradeNo: "ecpay20230312153023",
      MerchantID: "3002607",
      ReturnURL: "https://www.ecpay.com.tw/receive.php",
      ItemName: "Apple iphone 15",
      TotalAmount: "30000",
      ChoosePayment: "ALL",
      EncryptType: "1",
    };
    expect(checkMacValue(fields, "pwFHCqoQZGmho4w6", "EkRm7iFT261dpevs", "sha256")).toBe(
      "6C51C9E6888DE861FD62FB1DD17029FC742634498FD813DC43D4243B5685B840",
    );
  });

  it("reproduces ECPay's MD5 test vector, empty values included", () => {
    const fields = {
      RtnCode: "1",
      RtnMsg: "",
      IA_Allow_No: "1909181313013546",
      IA_Invoice_No: "UV11100019",
      IA_Date: "2019-09-18 13:13:23",
      IIS_Remain_Allowance_Amt: "0",
    };
    const mac = checkMacValue(fields, "ejCk326UnaZWKisg", "q9jcZX8Ib9LM8wYk", "md5");
    expect(mac).toBe("50A276E71DAE26343013958B405EEEA0");
    expect(verifyCheckMacValue({ ...fields, CheckMacValue: mac }, "ejCk326UnaZWKisg", "q9jcZX8Ib9LM8wYk", "md5")).toBe(true);
    expect(
      verifyCheckMacValue({ ...fields, RtnCode: "2", CheckMacValue: mac }, "ejCk326UnaZWKisg", "q9jcZX8Ib9LM8wYk", "md5"),
    ).toBe(false);
  });
});
