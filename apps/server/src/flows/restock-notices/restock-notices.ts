import { shopPagePath } from "@shop/contract/links";
import type { Db } from "../../db/client.js";
import { conflict, notFound } from "../../lib/errors.js";
import type { CatalogueService } from "../../modules/catalogue/service.js";
import type { RestockAsk, RestockRequests } from "../../modules/inventory/restock-requests.js";
import type { JobsService } from "../../modules/jobs/service.js";
import type { NotificationsService } from "../../modules/notifications/service.js";

/** Requests told per sweep; the rest wait for the next (every minute). */
const PER_SWEEP = 200;

/** The message in the language the request was made in (decision 109). */
const WORDS = {
  "zh-TW": {
    unknown: "您登記的商品",
    what: (product: string, variant: string) => `${product}（${variant}）`,
    title: (what: string) => `到貨通知：${what}已到貨`,
    body: "數量有限，售完為止。",
    buy: "立即購買：",
    sms: (brand: string, what: string, url: string) => `【${brand}】${what}已到貨，立即購買：${url}`,
    subject: (brand: string, title: string) => `【${brand}】${title}`,
  },
  en: {
    unknown: "The item you asked about",
    // A variant's name is the shop's own (zh-TW); kept as written.
    what: (product: string, variant: string) => `${product} (${variant})`,
    title: (what: string) => `Back in stock: ${what}`,
    body: "While stocks last.",
    buy: "Buy now: ",
    sms: (brand: string, what: string, url: string) => `[${brand}] ${what} is back in stock. Buy now: ${url}`,
    subject: (brand: string, title: string) => `[${brand}] ${title}`,
  },
} as const;

/**
 * 到貨通知 (decision 53), across inventory (the requests), the catalogue (what the variant is) and
 * notifications (how people are told). A member hears as they chose (site notice, LINE, e-mail);
 * a visitor by the e-mail or phone they left. Queued in the transaction that marks the request
 * told, so each request is told once, whichever instance sweeps.
 */
export function createRestockNotices(deps: {
  db: Db;
  requests: RestockRequests;
  catalogue: Pick<CatalogueService, "variantsForCart" | "productNames">;
  notifications: Pick<NotificationsService, "notify" | "tell">;
  siteUrl: (path: string) => string;
  brandName: string;
}) {
  const { db, requests, catalogue, notifications } = deps;
  return {
    /** A request for a variant on sale in the shop and sold out now. */
    async ask(r: RestockAsk) {
      await this.check(r);
      await requests.ask(r);
    },

    /** Refuses what ask() would refuse, before a visitor's phone is sent a code for it. */
    async check(r: Pick<RestockAsk, "variantId" | "shopId">) {
      const [variant] = await catalogue.variantsForCart([r.variantId], r.shopId);
      if (!variant?.sellable) throw notFound("VARIANT_NOT_FOUND", "找不到此商品規格，可能已下架");
      if (variant.stock > 0) throw conflict("IN_STOCK", "這個規格目前有現貨，可以直接購買");
    },

    /** Tells everyone whose variant is back in stock; returns how many were told. */
    async sendDue(): Promise<number> {
      // What the variants are is read first: the catalogue answers outside this module's transaction.
      const ids = await requests.variantsDue(PER_SWEEP);
      if (ids.length === 0) return 0;
      const names = new Map((await catalogue.variantsForCart(ids, 1)).map((v) => [v.id, v]));
      const englishNames = await catalogue.productNames(
        [...names.values()].map((v) => v.productId),
        "en",
      );
      return db.transaction(async (tx) => {
        const due = await requests.claimDue(tx, PER_SWEEP);
        if (due.length === 0) return 0;
        for (const d of due) {
          const w = WORDS[d.lang];
          const v = names.get(d.variantId);
          const product = v && (d.lang === "en" ? (englishNames.get(v.productId) ?? v.name) : v.name);
          const what = v && product ? w.what(product, v.variantName) : w.unknown;
          const page = `/product/details?id=${v?.productId ?? 0}&variant=${d.variantId}`;
          const [title, body, key] = [w.title(what), w.body, `restock:${d.id}`];
          if (d.memberId) {
            // The notice keeps the page's path; its LINE / e-mail link goes to the mall and language asked in.
            await notifications.notify(tx, d.memberId, {
              kind: "system",
              title,
              body,
              link: page,
              shopId: d.shopId,
              key,
              lang: d.lang,
            });
          } else {
            const url = deps.siteUrl(shopPagePath(d.shopId, d.lang, page));
            const text = [title, body, `${w.buy}${url}`, `— ${deps.brandName}`].join("\n\n");
            await notifications.tell(
              tx,
              key,
              { email: d.email, phone: d.phone },
              { subject: w.subject(deps.brandName, title), text, sms: w.sms(deps.brandName, what, url) },
              ["email", "sms"],
            );
          }
        }
        await requests.markNotified(
          tx,
          due.map((d) => d.id),
        );
        return due.length;
      });
    },
  };
}

export type RestockNotices = ReturnType<typeof createRestockNotices>;

/** The flow's background work: 到貨通知 sent for variants back in stock (decision 53). */
export function registerRestockJobs(jobs: Pick<JobsService, "register">, restock: Pick<RestockNotices, "sendDue">) {
  jobs.register("inventory.restock_notices", () => restock.sendDue());
}
