import { msg } from "@lingui/core/macro";
import { type DeviceWallet, isDeviceWallet, type TapPayMethod } from "@shop/contract/order";
import { type MessageDescriptor, translate } from "../../i18n/runtime";
import { api } from "../../lib/api";
import { type CardConfig, loadTapPay } from "./CardFields";

/** What the device wallets need: the merchant ids (PayInfo.device_wallets) and the amount to show. */
export interface MethodPrimeSetup {
  card: CardConfig;
  device_wallets?: { apple_merchant_id: string | null; google_merchant_id: string | null } | null;
  /** NT$ the Payment Request sheet shows. */
  total: number;
}

type Answer = { prime: string } | { error: string };
type Translate = (descriptor: MessageDescriptor) => string;
/** Our words in the page's language (this runs in the browser only). */
const inPageLang: Translate = (descriptor) => translate(window.location.pathname, descriptor);
type PrimeCallback = (error: { status?: number; msg?: string } | null, result: { prime?: string } | undefined) => void;
interface WalletSdk {
  getPrime(callback: PrimeCallback): void;
}
interface PaymentRequestSdk {
  setupApplePay(config: { merchantIdentifier: string; countryCode: string }): void;
  setupPaymentRequest(
    request: unknown,
    callback: (result: { browserSupportPaymentRequest: boolean; canMakePaymentWithActiveCard: boolean }) => void,
  ): void;
  getPrime(callback: (result: { status: number; msg: string; prime: string }) => void): void;
}

const SDK_NAMES: Record<Exclude<TapPayMethod, "card" | DeviceWallet>, string> = {
  line_pay: "linePay",
  jko_pay: "jkoPay",
  easy_wallet: "easyWallet",
  atome: "atome",
  atm: "virtualAccount",
};

/** Whether this browser can show Apple Pay / Google Pay (in 測試模式 the simulator stands in). */
export function deviceWalletUsable(method: DeviceWallet, setup: Pick<MethodPrimeSetup, "card" | "device_wallets">): boolean {
  if (!setup.device_wallets) return false;
  if (setup.card.simulated) return true;
  if (typeof window === "undefined") return false;
  if (method === "apple_pay") return !!setup.device_wallets.apple_merchant_id && "ApplePaySession" in window;
  return !!setup.device_wallets.google_merchant_id && "PaymentRequest" in window;
}

/**
 * The single-use prime for a wallet, the device's Payment Request sheet or a virtual account (the
 * card's comes from CardFields): the 測試模式 simulator's, or TapPay's SDK (loaded now).
 */
export async function methodPrime(
  method: Exclude<TapPayMethod, "card">,
  setup: MethodPrimeSetup,
  t: Translate = inPageLang,
): Promise<Answer> {
  if (setup.card.simulated) {
    const r = await api<{ prime: string }>("/api/payments/simulator/method-prime", { body: { method } });
    return r.status ? { prime: r.data.prime } : { error: r.message };
  }
  if (!setup.card.app_id || !setup.card.app_key) return { error: t(msg`此付款方式暫時無法使用，請改用其他付款方式`) };
  try {
    await loadTapPay();
  } catch {
    return { error: t(msg`付款元件載入失敗，請重新整理或改用其他付款方式`) };
  }
  const tp = window.TPDirect;
  if (!tp) return { error: t(msg`付款元件載入失敗，請重新整理或改用其他付款方式`) };
  tp.setupSDK(Number(setup.card.app_id), setup.card.app_key, setup.card.server_type);
  if (isDeviceWallet(method)) return devicePrime(tp.paymentRequestApi as PaymentRequestSdk | undefined, method, setup, t);
  const sdk = tp[SDK_NAMES[method]] as WalletSdk | undefined;
  if (!sdk) return { error: t(msg`此付款方式暫時無法使用，請改用其他付款方式`) };
  return new Promise((resolve) =>
    sdk.getPrime((error, result) =>
      resolve(!error && result?.prime ? { prime: result.prime } : { error: t(msg`無法啟動付款，請稍後再試或改用其他付款方式`) }),
    ),
  );
}

/** Apple Pay / Google Pay: TapPay's Payment Request API with the payable as the total. */
function devicePrime(
  sdk: PaymentRequestSdk | undefined,
  method: DeviceWallet,
  setup: MethodPrimeSetup,
  t: Translate,
): Promise<Answer> {
  const unusable = { error: t(msg`此裝置無法使用此付款方式，請改用其他付款方式`) };
  if (!sdk) return Promise.resolve(unusable);
  const apple = setup.device_wallets?.apple_merchant_id;
  if (method === "apple_pay" && apple) sdk.setupApplePay({ merchantIdentifier: apple, countryCode: "TW" });
  const request = {
    supportedNetworks: ["MASTERCARD", "VISA", "JCB"],
    supportedMethods: method === "apple_pay" ? ["apple_pay"] : ["google_pay"],
    displayItems: [{ label: t(msg`訂單金額`), amount: { currency: "TWD", value: String(setup.total) } }],
    total: { label: t(msg`付款金額`), amount: { currency: "TWD", value: String(setup.total) } },
  };
  return new Promise((resolve) =>
    sdk.setupPaymentRequest(request, (support) => {
      if (!support.browserSupportPaymentRequest) return resolve(unusable);
      sdk.getPrime((result) =>
        resolve(result.status === 0 ? { prime: result.prime } : { error: t(msg`付款未完成，請再試一次`) }),
      );
    }),
  );
}
