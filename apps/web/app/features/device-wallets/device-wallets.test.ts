import { afterEach, describe, expect, test, vi } from "vitest";
import { deviceWallet } from "./device-check";
import { preselectedPayment } from "./preselect";

describe("preselectedPayment: the wallet an express button chose", () => {
  test("apple_pay and google_pay pass; anything else is no choice", () => {
    expect(preselectedPayment(new URLSearchParams("variant_id=3&qty=1&pay=apple_pay"))).toBe("apple_pay");
    expect(preselectedPayment(new URLSearchParams("pay=google_pay"))).toBe("google_pay");
    for (const q of ["", "pay=", "pay=card", "pay=line_pay", "pay=APPLE_PAY", "pay=apple_pay%20"])
      expect(preselectedPayment(new URLSearchParams(q))).toBeNull();
  });
});

describe("deviceWallet: the first offered wallet this device can pay with", () => {
  afterEach(() => vi.unstubAllGlobals());

  test("測試模式: the first offered, on any device; none offered, none", async () => {
    vi.stubGlobal("window", {});
    expect(await deviceWallet(["google_pay", "apple_pay"], true)).toBe("google_pay");
    expect(await deviceWallet([], true)).toBeNull();
  });

  test("Apple Pay only where ApplePaySession says the device can pay", async () => {
    vi.stubGlobal("window", {});
    expect(await deviceWallet(["apple_pay"], false)).toBeNull();
    vi.stubGlobal("window", { ApplePaySession: { canMakePayments: () => false } });
    expect(await deviceWallet(["apple_pay"], false)).toBeNull();
    vi.stubGlobal("window", { ApplePaySession: { canMakePayments: () => true } });
    expect(await deviceWallet(["apple_pay", "google_pay"], false)).toBe("apple_pay");
  });

  test("Google Pay through the Payment Request API's canMakePayment; a browser refusing it is no", async () => {
    vi.stubGlobal("window", {});
    expect(await deviceWallet(["apple_pay", "google_pay"], false)).toBeNull();
    const asked: string[] = [];
    let answer: boolean | Error = true;
    vi.stubGlobal(
      "PaymentRequest",
      class {
        constructor(methods: Array<{ supportedMethods: string }>) {
          if (answer instanceof Error) throw answer;
          asked.push(...methods.map((m) => m.supportedMethods));
        }
        canMakePayment = async () => answer === true;
      },
    );
    expect(await deviceWallet(["apple_pay", "google_pay"], false)).toBe("google_pay");
    expect(asked).toEqual(["https://google.com/pay"]);
    answer = false;
    expect(await deviceWallet(["google_pay"], false)).toBeNull();
    answer = new Error("SecurityError");
    expect(await deviceWallet(["google_pay"], false)).toBeNull();
  });
});
