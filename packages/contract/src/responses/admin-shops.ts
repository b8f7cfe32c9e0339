import { PAYABLE_METHODS } from "../payment-methods.js";
import { shipRatesSchema } from "../shipping.js";
import { z } from "../zod.js";
import { dealerCard } from "./catalogue.js";
import { adminPage } from "./envelope.js";
import { shipMethodCode } from "./order.js";

/** Shapes of the back office's sub-malls, dealers, ship methods and settings (apps/admin/src/shops.tsx, settings.tsx). */
const int = z.number().int();

/** A page of a back-office list (react-admin reads `total` and `items`). */

/** A shop's ship method as staff edit it (the set of carriers is fixed; fees and thresholds are not). */
export const adminShipMethod = z.object({
  id: int,
  shop_id: int,
  code: shipMethodCode,
  name: z.string(),
  fee: int,
  /** Orders whose goods amount reaches this ship free; null = never free. */
  free_threshold: int.nullable(),
  enabled: z.boolean(),
  sort: int,
  rates: shipRatesSchema.nullable(),
});

/** /admin/ship_methods: by shop, then sort. */
export const adminShipMethodPage = adminPage(adminShipMethod);

const payableMethod = z.enum(PAYABLE_METHODS);
const instalmentSetting = z.object({ count: int, on: z.boolean(), min: int });

/**
 * /admin/payment_settings: every payable method in checkout's order (on, the shop's note of its fee,
 * whether this deployment provides it), the card's instalments and the account transfers are paid
 * into (main mall).
 */
export const paymentSettings = z.object({
  /** Always "payments" (react-admin's record id). */
  id: z.string(),
  methods: z.array(
    z.object({
      method: payableMethod,
      label: z.string(),
      on: z.boolean(),
      /** false: this deployment has no merchant for it (no TapPay 商店代號); never offered. */
      provided: z.boolean(),
      fee: z.string(),
    }),
  ),
  /** Each of 3/6/12/24, on or off, with its least amount (NT$). */
  instalments: z.array(instalmentSetting),
  transfer_bank_code: z.string(),
  transfer_bank_name: z.string(),
  transfer_account: z.string(),
  transfer_holder: z.string(),
});

/** /admin/shops/:id/payment_settings: a sub-mall's own switches and instalments. */
export const shopPaymentSettings = z.object({
  id: int,
  methods: z.array(
    z.object({
      method: payableMethod,
      label: z.string(),
      /** The sub-mall's own switch (it only switches off). */
      on: z.boolean(),
      /** The main mall offers it (provided and switched on there): only then does the sub-mall's switch matter. */
      main_on: z.boolean(),
    }),
  ),
  /** false: the main mall's instalments apply (shown in `instalments`). */
  own_instalments: z.boolean(),
  instalments: z.array(instalmentSetting),
});

/** A shop (the main mall or a sub-mall) as staff edit it. */
export const adminShop = z.object({
  id: int,
  name: z.string(),
  logo: z.string(),
  banner: z.string(),
  intro: z.string(),
  status: z.enum(["open", "suspended"]),
  /** The seller (a member) who owns the sub-mall; null for the main mall. */
  owner_member_id: int.nullable(),
  /** Commission on an order's goods amount, in percent (may have decimals). */
  commission_percent: z.number(),
  created_at: z.string(),
  /** The shop's GA4 measurement id and Meta Pixel id ("" when none; on the single shop's answer). */
  ga4_measurement_id: z.string().optional(),
  meta_pixel_id: z.string().optional(),
  /** The sub-mall's own domain for canonical URLs ("" when none; decision 48). */
  domain: z.string().optional(),
  /** The footer's trust details this shop sets ("" when it shows the main mall's; decision 55). */
  footer_company: z.string().optional(),
  footer_tax_id: z.string().optional(),
  footer_address: z.string().optional(),
  footer_phone: z.string().optional(),
  footer_hours: z.string().optional(),
  footer_line_url: z.string().optional(),
  footer_dispatch: z.string().optional(),
  /** Where buyers send returns ("" when the main mall's applies). */
  return_address: z.string().optional(),
});

/** /admin/shops: the main mall first. */
export const adminShopPage = adminPage(adminShop);

/** A dealer with its outlets and the products it carries, as staff edit it. */
export const adminDealer = dealerCard.extend({
  intro: z.string(),
  featured: z.boolean(),
  status: z.enum(["active", "hidden"]),
  sort: int,
  product_ids: z.array(int),
  outlets: z.array(
    z.object({
      name: z.string(),
      county: z.string(),
      district: z.string(),
      address: z.string(),
      phone: z.string(),
      /** Opening hours as shown, e.g. 「每日 10:00–21:00」. */
      hours: z.string(),
    }),
  ),
});

/** /admin/dealers. */
export const adminDealerPage = adminPage(adminDealer);

/** /admin/settings: the main mall's whole-number settings, with their labels. */
export const adminSettings = z.object({
  /** Always "main" (react-admin's record id). */
  id: z.string(),
  /** Each setting's value (its default while none is stored), by key. */
  values: z.record(z.string(), int),
  /** Each setting's label, by key. */
  labels: z.record(z.string(), z.string()),
});
