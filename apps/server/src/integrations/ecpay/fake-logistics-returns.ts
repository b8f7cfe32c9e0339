import { checkMacValue, verifyCheckMacValue } from "./check-mac-value.js";
import { ecpayTime } from "./logistics.js";
import { RETURN_PATHS } from "./logistics-returns.js";

/**
 * A local ECPay 逆物流 (decision 91): the three store-return endpoints answer
 * `RtnMerchantTradeNo|RtnOrderNo` after checking the CheckMacValue and fields (or `|reason`),
 * `/Express/ReturnHome` answers `1|OK` (or `0|reason`), and `push` makes the signed status form
 * ECPay posts to the return's ServerReplyURL (the back office's 測試模式 button sends the next one).
 */
const STORE_REQUIRED = ["ServerReplyURL", "GoodsName", "GoodsAmount", "ServiceType", "SenderName", "SenderPhone"];
const HOME_REQUIRED = [
  "ServerReplyURL",
  "GoodsAmount",
  "SenderName",
  "SenderZipCode",
  "SenderAddress",
  "ReceiverName",
  "ReceiverAddress",
];

/** The simulated progress of a return parcel: the code, what it says, and the next one. */
export const FAKE_RETURN_STEPS = {
  store: [
    { code: "2068", message: "買家已至門市寄件" },
    { code: "2070", message: "退貨包裹已送回賣家" },
  ],
  tcat: [
    { code: "3006", message: "黑貓已至買家地址取件" },
    { code: "3003", message: "退貨包裹已送回賣家" },
  ],
} as const;

export function createFakeEcpayReturns(opts: { merchantId: string; hashKey: string; hashIV: string }) {
  const booked = new Map<string, Record<string, string>>();
  let next: string | null = null;
  let seq = 0;

  function handle(path: string, form: Record<string, string>): { status: number; body: string } {
    const home = path.endsWith(RETURN_PATHS.tcat);
    const store = Object.entries(RETURN_PATHS).some(([k, p]) => k !== "tcat" && path.endsWith(p));
    if (!home && !store) return { status: 404, body: "Not Found" };
    const refuse = (reason: string) => ({ status: 200, body: home ? `0|${reason}` : `|${reason}` });
    if (next !== null) {
      const reason = next;
      next = null;
      return refuse(reason);
    }
    if (form.MerchantID !== opts.merchantId || !verifyCheckMacValue(form, opts.hashKey, opts.hashIV, "md5"))
      return refuse("CheckMacValue Error");
    const missing = (home ? HOME_REQUIRED : STORE_REQUIRED).find((k) => !form[k]);
    if (missing) return refuse(`${missing} is required`);
    if (store && form.ServiceType !== "4") return refuse("ServiceType 錯誤");
    seq += 1;
    const id = `R${String(5_000_000 + seq)}`;
    booked.set(id, form);
    if (home) return { status: 200, body: "1|OK" };
    const code = path.endsWith(RETURN_PATHS.cvs_711) ? String(91_000_000 + seq) : `${8_800_000_000 + seq}`;
    return { status: 200, body: `${id}|${code}` };
  }

  return {
    handle,
    booked,
    /** The next booking is refused with this reason. */
    failNext(reason: string) {
      next = reason;
    },
    /** The signed status push ECPay would post for a return parcel. */
    push(logisticsId: string, code: string, message: string, at = new Date()): Record<string, string> {
      const fields: Record<string, string> = {
        AllPayLogisticsID: logisticsId,
        MerchantID: opts.merchantId,
        RtnCode: code,
        RtnMsg: message,
        UpdateStatusDate: ecpayTime(at),
      };
      fields.CheckMacValue = checkMacValue(fields, opts.hashKey, opts.hashIV, "md5");
      return fields;
    },
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, "http://simulator");
      const r = handle(url.pathname, Object.fromEntries(new URLSearchParams(String(init?.body ?? ""))));
      return new Response(r.body, { status: r.status, headers: { "content-type": "text/plain; charset=utf-8" } });
    }) as typeof fetch,
  };
}

export type FakeEcpayReturns = ReturnType<typeof createFakeEcpayReturns>;
