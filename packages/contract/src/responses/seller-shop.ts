import { z } from "../zod.js";
import { shipMethodCode } from "./order.js";

const int = z.number().int();

const delivery = z.object({
  codes: z.array(shipMethodCode),
  self_fee: int,
  self_free_threshold: int.nullable(),
});

const changeSet = z.object({ name: z.string().optional(), banner: z.string().optional(), delivery: delivery.optional() });

/** A seller's change request (name, banner, delivery) and what became of it. */
export const shopChangeRequestView = z.object({
  id: int,
  shop_id: int,
  shop_name: z.string(),
  status: z.enum(["pending", "approved", "rejected", "withdrawn"]),
  status_label: z.string(),
  changes: changeSet,
  /** What those fields were when the seller asked (the review shows before → after). */
  before: changeSet,
  reason: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});

/** The seller's shop settings page: what is live, the ship methods to pick from, and the latest request. */
export const shopSettingsView = z.object({
  shop: z.object({ id: int, name: z.string(), intro: z.string(), banner: z.string() }),
  delivery,
  /** Every method the shop may offer, with its fee (self-delivery's is the seller's). */
  methods: z.array(z.object({ code: shipMethodCode, name: z.string(), fee: int, free_threshold: int.nullable() })),
  request: shopChangeRequestView.nullable(),
});

export const shopChangeRequestPage = z.object({ list: z.array(shopChangeRequestView), total: int });

/** Orders, revenue, commission and visitors of a shop for a period, by day, product and source. */
export const sellerAnalytics = z.object({
  shop: z.object({ id: int, name: z.string(), commission_percent: z.number() }),
  from: z.string(),
  to: z.string(),
  totals: z.object({ orders: int, revenue: int, commission: int, visits: int, product_views: int }),
  days: z.array(z.object({ day: z.string(), orders: int, revenue: int, commission: int, visits: int })),
  products: z.array(z.object({ product_id: int, name: z.string(), orders: int, units: int, revenue: int, views: int })),
  sources: z.array(z.object({ source: z.string(), label: z.string(), visits: int })),
});
