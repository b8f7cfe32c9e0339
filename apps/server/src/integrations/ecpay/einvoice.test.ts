import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createEcpayInvoiceClient, EcpayInvoiceError, type IssueRequest } from "./einvoice.js";
import { decryptInvoiceData, encryptInvoiceData, phpUrlEncode } from "./einvoice-crypto.js";
import { createFakeEcpayInvoice, ECPAY_STAGE_INVOICE } from "./fake-einvoice.js";

describe("the e-invoice Data encryption", () => {
  test("reproduces the published example (附錄「參數加密方式說明」: stage key and IV)", () => {
    // The example from the providers' documentation, with ECPay's stage e-invoice key and IV.
    const plain = { Name: "Test", ID: "A123456789" };
    expect(phpUrlEncode(JSON.stringify(plain))).toBe("%7B%22Name%22%3A%22Test%22%2C%22ID%22%3A%22A123456789%22%7D");
    const data = encryptInvoiceData(plain, ECPAY_STAGE_INVOICE.hashKey, ECPAY_STAGE_INVOICE.hashIV);
    expect(data).toBe("uvI4yrErM37XNQkXGAgRgJAgHn2t72jahaMZzYhWL1HmvH4WV18VJDP2i9pTbC+tby5nxVExLLFyAkbjbS2Dvg==");
    expect(decryptInvoiceData(data, ECPAY_STAGE_INVOICE.hashKey, ECPAY_STAGE_INVOICE.hashIV)).toEqual(plain);
  });

  test("URL-encodes like PHP (space as +, and ! ' ( ) * ~ encoded); Chinese survives the round trip", () => {
    expect(phpUrlEncode("a b!'()*~-_.")).toBe("a+b%21%27%28%29%2A%7E-_.");
    const data = { ItemName: "阿里山烏龍茶 (禮盒) 100% 好喝+1", CustomerEmail: "a+b@example.com" };
    expect(
      decryptInvoiceData(
        encryptInvoiceData(data, "0123456789abcdef", "fedcba9876543210"),
        "0123456789abcdef",
        "fedcba9876543210",
      ),
    ).toEqual(data);
  });

  test("a wrong key does not decrypt", () => {
    const data = encryptInvoiceData({ a: 1 }, ECPAY_STAGE_INVOICE.hashKey, ECPAY_STAGE_INVOICE.hashIV);
    expect(() => decryptInvoiceData(data, "0000000000000000", ECPAY_STAGE_INVOICE.hashIV)).toThrow();
  });
});

// The real client over real HTTP against a local service that speaks ECPay's e-invoice protocol.
const fake = createFakeEcpayInvoice(ECPAY_STAGE_INVOICE);
let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  server = await fake.listen();
});
afterAll(() => server.close());
const client = () => createEcpayInvoiceClient({ baseUrl: server.url, ...ECPAY_STAGE_INVOICE });

const order = (no: string, extra: Partial<IssueRequest> = {}): IssueRequest => ({
  relateNumber: no,
  buyer: { kind: "mobile", barcode: "/ABC1234" },
  name: "陳大文",
  email: "buyer@example.com",
  phone: "0922333444",
  lines: [
    { name: "阿里山烏龍茶", count: 2, word: "盒", price: 380, amount: 760 },
    { name: "運費", count: 1, word: "筆", price: 100, amount: 100 },
  ],
  ...extra,
});

describe("ECPay e-invoice client against a fake ECPay", () => {
  test("issues on a mobile barcode, finds it by order number, voids it", async () => {
    const issued = await client().issue(order("20261125000001"));
    expect(issued.invoiceNo).toMatch(/^AB\d{8}$/);
    expect(issued.randomNumber).toMatch(/^\d{4}$/);
    const sent = fake.invoices.get("20261125000001")?.data;
    expect(sent).toMatchObject({ CarrierType: "3", CarrierNum: "/ABC1234", Print: "0", Donation: "0", SalesAmount: 860 });
    expect(await client().getIssue("20261125000001")).toMatchObject({
      invoiceNo: issued.invoiceNo,
      voided: false,
      salesAmount: 860,
    });
    await client().invalid(issued.invoiceNo, issued.invoiceDate, "訂單取消");
    expect(await client().getIssue("20261125000001")).toMatchObject({ voided: true });
    await expect(client().invalid(issued.invoiceNo, issued.invoiceDate, "再作廢一次")).rejects.toThrow("發票已作廢");
  });

  test("one invoice per order: a second issue is refused and the first is found again", async () => {
    const first = await client().issue(order("20261125000002"));
    const again = await client()
      .issue(order("20261125000002"))
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(EcpayInvoiceError);
    expect((await client().getIssue("20261125000002"))?.invoiceNo).toBe(first.invoiceNo);
    expect(await client().getIssue("20261125009999")).toBeNull();
  });

  test("allowances up to what is left of the invoice, and no further", async () => {
    const issued = await client().issue(order("20261125000003"));
    const part = await client().allowance({
      invoiceNo: issued.invoiceNo,
      invoiceDate: issued.invoiceDate,
      customerName: "陳大文",
      email: "buyer@example.com",
      lines: [{ name: "阿里山烏龍茶", count: 1, word: "盒", price: 380, amount: 380 }],
    });
    expect(part).toMatchObject({ invoiceNo: issued.invoiceNo, remaining: 480 });
    await expect(
      client().allowance({
        invoiceNo: issued.invoiceNo,
        invoiceDate: issued.invoiceDate,
        customerName: "陳大文",
        email: "",
        lines: [{ name: "阿里山烏龍茶", count: 2, word: "盒", price: 380, amount: 760 }],
      }),
    ).rejects.toThrow("折讓金額超過發票可折讓餘額");
    await expect(client().invalid(issued.invoiceNo, issued.invoiceDate, "取消")).rejects.toThrow("不可作廢");
  });

  test("a company invoice is printed (to an address) and not donated; a donation carries its code and is not printed", async () => {
    const company = { buyer: { kind: "company", taxId: "22099131", title: "茶山測試有限公司" } } as const;
    // A printed invoice needs the buyer's address.
    await expect(client().issue(order("20261125000014", company))).rejects.toThrow("列印發票須填寫買受人地址");
    await client().issue(order("20261125000004", { ...company, address: "100 臺北市中正區重慶南路一段 122 號" }));
    expect(fake.invoices.get("20261125000004")?.data).toMatchObject({
      CustomerIdentifier: "22099131",
      CustomerName: "茶山測試有限公司",
      Print: "1",
      Donation: "0",
      CarrierType: "",
    });
    await client().issue(order("20261125000005", { buyer: { kind: "donation", loveCode: "168001" } }));
    expect(fake.invoices.get("20261125000005")?.data).toMatchObject({ Donation: "1", LoveCode: "168001", Print: "0" });
  });

  test("the checks at checkout: a barcode or donation code that does not exist says so", async () => {
    expect(await client().barcodeExists("/ABC1234")).toBe(true);
    expect(await client().barcodeExists("/0000000")).toBe(false);
    expect(await client().loveCodeExists("168001")).toBe(true);
    expect(await client().loveCodeExists("000")).toBe(false);
  });

  test("refusals and failures carry the provider's words; nothing is issued", async () => {
    const wrongKey = createEcpayInvoiceClient({ baseUrl: server.url, ...ECPAY_STAGE_INVOICE, hashKey: "0000000000000000" });
    await expect(wrongKey.issue(order("20261125000006"))).rejects.toThrow("Data 解密失敗");
    const wrongMerchant = createEcpayInvoiceClient({ baseUrl: server.url, ...ECPAY_STAGE_INVOICE, merchantId: "9999999" });
    await expect(wrongMerchant.issue(order("20261125000006"))).rejects.toThrow("MerchantID 錯誤");
    fake.failNext("字軌號碼已用完");
    await expect(client().issue(order("20261125000006"))).rejects.toMatchObject({ message: "字軌號碼已用完" });
    await expect(client().issue(order("20261125000006", { lines: [] }))).rejects.toThrow("發票金額須大於 0");
    expect(fake.invoices.has("20261125000006")).toBe(false);
    const down = createEcpayInvoiceClient({ baseUrl: "http://127.0.0.1:9", ...ECPAY_STAGE_INVOICE });
    await expect(down.issue(order("20261125000006"))).rejects.toMatchObject({ code: "network" });
  });
});
