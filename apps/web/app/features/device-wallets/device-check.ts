import type { DeviceWallet } from "@shop/contract/payment-methods";

declare global {
  interface Window {
    ApplePaySession?: { canMakePayments(): boolean };
  }
}

// Google Pay through the browser's Payment Request API, TapPay as the gateway (what
// TPDirect.paymentRequestApi asks for); canMakePayment() needs no merchant, amount or SDK.
const GOOGLE_PAY = {
  supportedMethods: "https://google.com/pay",
  data: {
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: [
      {
        type: "CARD",
        parameters: { allowedAuthMethods: ["PAN_ONLY", "CRYPTOGRAM_3DS"], allowedCardNetworks: ["VISA", "MASTERCARD", "JCB"] },
        tokenizationSpecification: { type: "PAYMENT_GATEWAY", parameters: { gateway: "tappay" } },
      },
    ],
  },
};

async function canPay(wallet: DeviceWallet): Promise<boolean> {
  try {
    if (wallet === "apple_pay") return window.ApplePaySession?.canMakePayments() === true;
    if (typeof PaymentRequest !== "function") return false;
    const request = new PaymentRequest([GOOGLE_PAY], { total: { label: "", amount: { currency: "TWD", value: "1" } } });
    return await request.canMakePayment();
  } catch {
    // No secure context, a frame without the permission, or the browser refusing the method.
    return false;
  }
}

/**
 * The first of the shop's device wallets (in its order) this device can pay with, or null. In
 * 測試模式 (TapPay's simulator) every device "can": the first offered, so the flow can be tried anywhere.
 */
export async function deviceWallet(offered: readonly DeviceWallet[], simulated: boolean): Promise<DeviceWallet | null> {
  if (simulated) return offered[0] ?? null;
  for (const wallet of offered) if (await canPay(wallet)) return wallet;
  return null;
}
