import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { ChannelMode, Config } from "../lib/config/index.js";
import type { Channel } from "../lib/config/setting-docs.js";
import { TAPPAY_EXTRA_METHODS } from "../lib/config/settings-providers.js";
import { createEcpayInvoiceClient, type EcpayInvoiceClient } from "./ecpay/einvoice.js";
import { createFakeEcpayInvoice, ECPAY_STAGE_INVOICE } from "./ecpay/fake-einvoice.js";
import { createFakeEcpayLogistics, type FakeEcpayLogistics } from "./ecpay/fake-logistics.js";
import { createFakeEcpayReturns, type FakeEcpayReturns } from "./ecpay/fake-logistics-returns.js";
import { createEcpayLogisticsClient, type EcpayLogisticsClient } from "./ecpay/logistics.js";
import { createEcpayReturnsClient, type EcpayReturnsClient } from "./ecpay/logistics-returns.js";
import { ECPAY_STAGE_B2C, ECPAY_STAGE_C2C, type EcpayLogisticsConfig } from "./ecpay/map.js";
import { createSignInProviders, type SignInProviders } from "./identity/providers.js";
import type { LineMessaging } from "./line/messaging.js";
import type { MailSender } from "./mail/index.js";
import { createMessageChannels } from "./message-channels.js";
import { ignoreCalls, observedFetch, type ProviderCalls } from "./observed.js";
import type { SmsSender } from "./sms/index.js";
import { type CardGateway, createTapPayClient } from "./tappay/client.js";
import { createFakeTapPay, type FakeTapPay, methodMerchantId } from "./tappay/fake.js";

export interface Providers {
  /** Each outside channel: real, simulated or switched off (decision 74). */
  channels: Record<Channel, ChannelMode>;
  card: CardGateway;
  /** `offered`: false when card payments are switched off (CHANNEL_CARD=off). */
  cardPublic: { offered: boolean; appId: string | null; appKey: string | null; serverType: "sandbox" | "production" };
  /**
   * The TapPay methods this deployment provides and each one's merchant (decision 88): none when
   * cards are off; the card and TAPPAY_METHODS with the real TapPay; every method under the simulator.
   */
  tapPayMethods: TapPayMethods;
  /** Present when card payments run on the in-process TapPay simulator. */
  tapPaySimulator?: FakeTapPay;
  ecpay: EcpayLogisticsConfig;
  /** The B2C contract's store map (a shop set to B2C; decision 90). */
  ecpayB2c: EcpayLogisticsConfig;
  /** ECPay logistics shipments and labels (the in-process simulator when not configured). */
  ecpayCarrier: EcpayLogisticsClient;
  /** The B2C contract's client: 黑貓 / 郵局 home delivery and B2C store shipments (decision 90). */
  ecpayB2cCarrier: EcpayLogisticsClient;
  ecpayCarrierSimulator?: FakeEcpayLogistics;
  /** ECPay 逆物流: store returns and 黑貓 pick-ups (decision 91), and its simulator in 測試模式. */
  ecpayReturns: EcpayReturnsClient;
  ecpayReturnsSimulator?: FakeEcpayReturns;
  signIn: SignInProviders;
  /** ECPay B2C e-invoices (decision 57): the real client, against ECPay or the in-process simulator. */
  einvoice: EcpayInvoiceClient;
  einvoiceSetup: { merchantId: string; environment: "simulator" | "stage" | "production" | "off" };
  einvoiceSimulator?: ReturnType<typeof createFakeEcpayInvoice>;
}

interface TapPayMethods {
  merchants: Partial<Record<"card" | (typeof TAPPAY_EXTRA_METHODS)[number], string>>;
  appleMerchantId: string | null;
  googleMerchantId: string | null;
  /** Apple's domain-verification file, served from PUBLIC_URL (empty: not served). */
  appleDomainAssociation: string;
}

function tapPayMethods(config: Config): TapPayMethods {
  const mode = config.channels.card;
  if (mode === "off") return { merchants: {}, appleMerchantId: null, googleMerchantId: null, appleDomainAssociation: "" };
  if (mode === "simulator") {
    const merchants = Object.fromEntries(
      (["card", ...TAPPAY_EXTRA_METHODS] as const).map((m) => [m, methodMerchantId(SIM_MERCHANT_ID, m)]),
    );
    return { merchants, appleMerchantId: "merchant.simulator", googleMerchantId: "simulator", appleDomainAssociation: "" };
  }
  const merchants: TapPayMethods["merchants"] = { card: config.TAPPAY_MERCHANT_ID };
  for (const m of config.TAPPAY_METHODS as (typeof TAPPAY_EXTRA_METHODS)[number][]) {
    const id = config[`TAPPAY_MERCHANT_ID_${m.toUpperCase()}` as keyof Config];
    if (typeof id === "string" && id) merchants[m] = id;
  }
  return {
    merchants,
    appleMerchantId: config.APPLE_PAY_MERCHANT_IDENTIFIER || null,
    googleMerchantId: config.GOOGLE_PAY_MERCHANT_ID || null,
    appleDomainAssociation: config.APPLE_PAY_DOMAIN_ASSOCIATION,
  };
}

export const SIM_PARTNER_KEY = "partner_simulator";
const SIM_MERCHANT_ID = "simulator_merchant";

/** Card payments switched off: nothing new is charged; a refund of an older card payment fails loudly (a failed job). */
const cardOff: CardGateway = {
  simulated: false,
  payByPrime: () => Promise.reject(new Error("card payments are switched off (CHANNEL_CARD=off)")),
  record: () => Promise.reject(new Error("card payments are switched off (CHANNEL_CARD=off)")),
  recordsByOrder: () => Promise.reject(new Error("card payments are switched off (CHANNEL_CARD=off)")),
  refund: () => Promise.reject(new Error("card payments are switched off (CHANNEL_CARD=off)")),
};

function cardGateway(config: Config, calls: ProviderCalls) {
  const mode = config.channels.card;
  if (mode === "off") return { card: cardOff };
  if (mode === "real") {
    const base =
      config.TAPPAY_API_URL ??
      (config.TAPPAY_SERVER_TYPE === "production" ? "https://prod.tappaysdk.com" : "https://sandbox.tappaysdk.com");
    return {
      card: createTapPayClient({
        baseUrl: base,
        partnerKey: config.TAPPAY_PARTNER_KEY ?? "",
        merchantId: config.TAPPAY_MERCHANT_ID,
        fetch: observedFetch(calls, "card"),
      }),
    };
  }
  const tapPaySimulator = createFakeTapPay({
    partnerKey: SIM_PARTNER_KEY,
    merchantId: SIM_MERCHANT_ID,
    threeDsPageUrl: "/api/payments/simulator/3ds",
    walletPageUrl: "/api/payments/simulator/wallet",
  });
  const card = createTapPayClient(
    {
      baseUrl: "http://tappay.simulator",
      partnerKey: SIM_PARTNER_KEY,
      merchantId: SIM_MERCHANT_ID,
      fetch: tapPaySimulator.fetch,
    },
    true,
  );
  return { card, tapPaySimulator };
}

const ecpayCarrierBase = (config: Config) =>
  config.ECPAY_LOGISTICS_API_URL ??
  (config.ECPAY_SERVER_TYPE === "production" ? "https://logistics.ecpay.com.tw" : "https://logistics-stage.ecpay.com.tw");

function storePickup(config: Config, calls: ProviderCalls) {
  const real = config.channels.store_pickup === "real";
  const ecpay: EcpayLogisticsConfig = real
    ? {
        mapUrl:
          config.ECPAY_SERVER_TYPE === "production"
            ? "https://logistics.ecpay.com.tw/Express/map"
            : "https://logistics-stage.ecpay.com.tw/Express/map",
        merchantId: config.ECPAY_LOGISTICS_MERCHANT_ID ?? "",
        hashKey: config.ECPAY_LOGISTICS_HASH_KEY,
        hashIV: config.ECPAY_LOGISTICS_HASH_IV,
        simulated: false,
      }
    : { mapUrl: "/api/ecpay/simulator/map", ...ECPAY_STAGE_C2C, simulated: true };
  // The simulator answers creates in-process (for both contracts); its labels are pages the staff
  // browser posts to. Switched off, nothing reaches it: no ship method of the kind is offered.
  const b2cReal = config.channels.ecpay_home === "real";
  // Only a simulated channel gets the simulator (and its public routes); a channel switched off
  // reaches nothing, and its pushes are not heard (ecpay-status.ts).
  const ecpayCarrierSimulator =
    config.channels.store_pickup === "simulator" || config.channels.ecpay_home === "simulator"
      ? createFakeEcpayLogistics([ECPAY_STAGE_C2C, { ...ECPAY_STAGE_B2C, contract: "b2c" }])
      : undefined;
  const apiUrl = ecpayCarrierBase(config);
  const ecpayCarrier = createEcpayLogisticsClient({
    baseUrl: real ? apiUrl : "/api/ecpay/simulator",
    merchantId: ecpay.merchantId,
    hashKey: ecpay.hashKey,
    hashIV: ecpay.hashIV,
    fetch: real ? observedFetch(calls, "store_pickup") : ecpayCarrierSimulator?.fetch,
  });
  // 黑貓 / 郵局, B2C store shipments and 逆物流 (decisions 90, 91) speak for ECPay's B2C / home contract.
  const b2cKeys = b2cReal
    ? {
        merchantId: config.ECPAY_LOGISTICS_B2C_MERCHANT_ID ?? "",
        hashKey: config.ECPAY_LOGISTICS_B2C_HASH_KEY,
        hashIV: config.ECPAY_LOGISTICS_B2C_HASH_IV,
      }
    : ECPAY_STAGE_B2C;
  const b2cBase = b2cReal ? apiUrl : "/api/ecpay/simulator";
  const b2cFetch = (simulated?: typeof fetch) => (b2cReal ? observedFetch(calls, "ecpay_home") : simulated);
  const ecpayB2cCarrier = createEcpayLogisticsClient({
    baseUrl: b2cBase,
    ...b2cKeys,
    fetch: b2cFetch(ecpayCarrierSimulator?.fetch),
  });
  const ecpayB2c: EcpayLogisticsConfig = b2cReal
    ? {
        mapUrl: ecpay.simulated ? "https://logistics-stage.ecpay.com.tw/Express/map" : ecpay.mapUrl,
        ...b2cKeys,
        simulated: false,
      }
    : { mapUrl: "/api/ecpay/simulator/map", ...b2cKeys, simulated: true };
  const ecpayReturnsSimulator = config.channels.ecpay_home === "simulator" ? createFakeEcpayReturns(ECPAY_STAGE_B2C) : undefined;
  const ecpayReturns = createEcpayReturnsClient({ baseUrl: b2cBase, ...b2cKeys, fetch: b2cFetch(ecpayReturnsSimulator?.fetch) });
  return { ecpay, ecpayB2c, ecpayCarrier, ecpayB2cCarrier, ecpayCarrierSimulator, ecpayReturns, ecpayReturnsSimulator };
}

function einvoices(config: Config, calls: ProviderCalls) {
  const mode = config.channels.einvoice;
  // The same real client, pointed at ECPay or at the simulator (kept in DATA_DIR). Switched off,
  // the order flow never calls it (order-invoices.ts): the shop issues its invoices elsewhere.
  const einvoiceSimulator =
    mode === "real"
      ? undefined
      : createFakeEcpayInvoice({
          ...ECPAY_STAGE_INVOICE,
          file: mode === "simulator" ? path.join(config.dataDir, "einvoice-simulator.json") : undefined,
        });
  const merchant =
    mode === "real"
      ? {
          merchantId: config.ECPAY_INVOICE_MERCHANT_ID ?? "",
          hashKey: config.ECPAY_INVOICE_HASH_KEY,
          hashIV: config.ECPAY_INVOICE_HASH_IV,
        }
      : ECPAY_STAGE_INVOICE;
  const einvoice = createEcpayInvoiceClient({
    baseUrl: einvoiceSimulator
      ? "http://einvoice.simulator"
      : (config.ECPAY_INVOICE_API_URL ??
        (config.ECPAY_SERVER_TYPE === "production" ? "https://einvoice.ecpay.com.tw" : "https://einvoice-stage.ecpay.com.tw")),
    ...merchant,
    fetch: einvoiceSimulator?.fetch ?? observedFetch(calls, "einvoice"),
  });
  const environment: Providers["einvoiceSetup"]["environment"] =
    mode === "off" ? "off" : mode === "simulator" ? "simulator" : config.ECPAY_SERVER_TYPE;
  return {
    einvoice,
    einvoiceSetup: { merchantId: mode === "off" ? "" : merchant.merchantId, environment },
    einvoiceSimulator: mode === "simulator" ? einvoiceSimulator : undefined,
  };
}

/**
 * Real protocol clients for the channels that are on and configured; the in-process simulators for
 * the rest outside production (the UI then says 測試模式); nothing for a channel switched off. The
 * TapPay simulator is the same fake that tests serve over HTTP, reached through the real client with
 * an in-process fetch, so the client's code path is always the real one.
 */
export async function createProviders(config: Config, calls: ProviderCalls = ignoreCalls): Promise<Providers> {
  const { card, tapPaySimulator } = cardGateway(config, calls);
  return {
    channels: config.channels,
    card,
    ...einvoices(config, calls),
    cardPublic: {
      offered: config.channels.card !== "off",
      appId: config.channels.card === "real" ? config.TAPPAY_APP_ID : null,
      appKey: config.channels.card === "real" ? config.TAPPAY_APP_KEY : null,
      serverType: config.TAPPAY_SERVER_TYPE,
    },
    tapPayMethods: tapPayMethods(config),
    tapPaySimulator,
    ...storePickup(config, calls),
    signIn: await createSignInProviders(config, calls),
  };
}

/**
 * Every outside provider chosen in one place (decision 74): payments, logistics, sign-in and
 * e-invoices from the channels' settings, and the message channels (SMS, e-mail, LINE) beside
 * them. Tests may hand in their own of either.
 */
export async function chooseProviders(
  config: Config,
  log: FastifyBaseLogger,
  calls: ProviderCalls,
  given: { providers?: Providers; sms?: SmsSender; mail?: MailSender; line?: LineMessaging } = {},
) {
  const messages = await createMessageChannels(config, log, calls, given);
  const providers = given.providers ?? (await createProviders(config, calls));
  // The UI says 測試模式 while any provider is a simulator.
  const simulated = messages.simulated || Object.values(providers.channels).includes("simulator");
  return { providers, messages, simulated };
}
