import path from "node:path";
import type { Config } from "../config.js";
import { createEcpayInvoiceClient, type EcpayInvoiceClient } from "./ecpay/einvoice.js";
import { createFakeEcpayInvoice, ECPAY_STAGE_INVOICE } from "./ecpay/fake-einvoice.js";
import { createFakeEcpayLogistics, type FakeEcpayLogistics } from "./ecpay/fake-logistics.js";
import { createEcpayLogisticsClient, type EcpayLogisticsClient } from "./ecpay/logistics.js";
import { ECPAY_STAGE_C2C, type EcpayLogisticsConfig } from "./ecpay/map.js";
import { createSignInProviders, type SignInProviders } from "./identity/providers.js";
import { type CardGateway, createTapPayClient } from "./tappay/client.js";
import { createFakeTapPay, type FakeTapPay } from "./tappay/fake.js";

export interface Providers {
  card: CardGateway;
  cardPublic: { appId: string | null; appKey: string | null; serverType: "sandbox" | "production" };
  /** Present when card payments run on the in-process TapPay simulator. */
  tapPaySimulator?: FakeTapPay;
  ecpay: EcpayLogisticsConfig;
  /** ECPay logistics shipments and labels (the in-process simulator when not configured). */
  ecpayCarrier: EcpayLogisticsClient;
  ecpayCarrierSimulator?: FakeEcpayLogistics;
  signIn: SignInProviders;
  /** ECPay B2C e-invoices (decision 57): the real client, against ECPay or the in-process simulator. */
  einvoice: EcpayInvoiceClient;
  einvoiceSetup: { merchantId: string; environment: "simulator" | "stage" | "production" };
  einvoiceSimulator?: ReturnType<typeof createFakeEcpayInvoice>;
}

export const SIM_PARTNER_KEY = "partner_simulator";
const SIM_MERCHANT_ID = "simulator_merchant";

/**
 * Real protocol clients for the configured providers; the in-process simulators otherwise (the UI
 * then says 測試模式). The TapPay simulator is the same fake that tests serve over HTTP, reached
 * through the real client with an in-process fetch, so the client's code path is always the real one.
 */
export async function createProviders(config: Config): Promise<Providers> {
  let card: CardGateway;
  let tapPaySimulator: FakeTapPay | undefined;
  if (config.TAPPAY_PARTNER_KEY) {
    const base =
      config.TAPPAY_API_URL ??
      (config.TAPPAY_SERVER_TYPE === "production" ? "https://prod.tappaysdk.com" : "https://sandbox.tappaysdk.com");
    card = createTapPayClient({ baseUrl: base, partnerKey: config.TAPPAY_PARTNER_KEY, merchantId: config.TAPPAY_MERCHANT_ID });
  } else {
    tapPaySimulator = createFakeTapPay({
      partnerKey: SIM_PARTNER_KEY,
      merchantId: SIM_MERCHANT_ID,
      threeDsPageUrl: "/api/payments/simulator/3ds",
    });
    card = createTapPayClient(
      {
        baseUrl: "http://tappay.simulator",
        partnerKey: SIM_PARTNER_KEY,
        merchantId: SIM_MERCHANT_ID,
        fetch: tapPaySimulator.fetch,
      },
      true,
    );
  }

  const ecpay: EcpayLogisticsConfig = config.ECPAY_LOGISTICS_MERCHANT_ID
    ? {
        mapUrl:
          config.ECPAY_SERVER_TYPE === "production"
            ? "https://logistics.ecpay.com.tw/Express/map"
            : "https://logistics-stage.ecpay.com.tw/Express/map",
        merchantId: config.ECPAY_LOGISTICS_MERCHANT_ID,
        hashKey: config.ECPAY_LOGISTICS_HASH_KEY,
        hashIV: config.ECPAY_LOGISTICS_HASH_IV,
        simulated: false,
      }
    : { mapUrl: "/api/ecpay/simulator/map", ...ECPAY_STAGE_C2C, simulated: true };
  // The simulator answers creates in-process; its labels are pages the staff browser posts to.
  const ecpayCarrierSimulator = ecpay.simulated ? createFakeEcpayLogistics(ECPAY_STAGE_C2C) : undefined;
  const ecpayCarrier = createEcpayLogisticsClient({
    baseUrl: ecpayCarrierSimulator
      ? "/api/ecpay/simulator"
      : (config.ECPAY_LOGISTICS_API_URL ??
        (config.ECPAY_SERVER_TYPE === "production" ? "https://logistics.ecpay.com.tw" : "https://logistics-stage.ecpay.com.tw")),
    merchantId: ecpay.merchantId,
    hashKey: ecpay.hashKey,
    hashIV: ecpay.hashIV,
    fetch: ecpayCarrierSimulator?.fetch,
  });

  // E-invoices: the same real client, pointed at ECPay or at the simulator (kept in DATA_DIR).
  const einvoiceSimulator = config.ECPAY_INVOICE_MERCHANT_ID
    ? undefined
    : createFakeEcpayInvoice({ ...ECPAY_STAGE_INVOICE, file: path.join(config.dataDir, "einvoice-simulator.json") });
  const einvoiceMerchant = config.ECPAY_INVOICE_MERCHANT_ID
    ? {
        merchantId: config.ECPAY_INVOICE_MERCHANT_ID,
        hashKey: config.ECPAY_INVOICE_HASH_KEY,
        hashIV: config.ECPAY_INVOICE_HASH_IV,
      }
    : ECPAY_STAGE_INVOICE;
  const einvoice = createEcpayInvoiceClient({
    baseUrl: einvoiceSimulator
      ? "http://einvoice.simulator"
      : (config.ECPAY_INVOICE_API_URL ??
        (config.ECPAY_SERVER_TYPE === "production" ? "https://einvoice.ecpay.com.tw" : "https://einvoice-stage.ecpay.com.tw")),
    ...einvoiceMerchant,
    fetch: einvoiceSimulator?.fetch,
  });

  return {
    card,
    einvoice,
    einvoiceSetup: {
      merchantId: einvoiceMerchant.merchantId,
      environment: einvoiceSimulator ? "simulator" : config.ECPAY_SERVER_TYPE,
    },
    einvoiceSimulator,
    cardPublic: {
      appId: config.TAPPAY_PARTNER_KEY ? config.TAPPAY_APP_ID : null,
      appKey: config.TAPPAY_PARTNER_KEY ? config.TAPPAY_APP_KEY : null,
      serverType: config.TAPPAY_SERVER_TYPE,
    },
    tapPaySimulator,
    ecpay,
    ecpayCarrier,
    ecpayCarrierSimulator,
    signIn: await createSignInProviders(config),
  };
}
