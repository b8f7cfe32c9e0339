/// <reference lib="webworker" />
// The storefront's service worker (issue 52, decision 108), built by apps/web/scripts/build-sw.mjs
// into build/client/sw.js with the list of the build's files to precache. Workbox does the caching;
// this file only says what is kept where.
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly } from "workbox-strategies";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** The page shown for an address never visited, when there is no connection. */
const OFFLINE_PAGE = "/offline.html";

// The app shell: every script and style of this build, and the offline page. A new version waits
// until every tab of the old one is closed (no skipWaiting): an open checkout keeps its own files.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * Pages a shopper may open again offline: home, the catalogue, news and content, the cart — in
 * either mall. Never member, order, checkout or sign-in pages: a phone is often shared, and those
 * hold personal data or must not be acted on from an old copy. A page's data for a client-side
 * navigation (React Router's `.data` request) is kept beside it.
 */
const KEPT =
  /^\/(shop_\d+\/?)?(en\/?)?(_|product|product\/details|product\/detailsChild|select_cart|news|news\/details|content|terms|policy|activity|activity\/details|dealer\/list|dealer\/sub_list|dealer\/product_detail)?(\.data)?$/;

const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(
  ({ request, url }) =>
    sameOrigin(url) && (request.mode === "navigate" || url.pathname.endsWith(".data")) && KEPT.test(url.pathname),
  new NetworkFirst({
    cacheName: "pages",
    // On a weak train signal the copy comes after 4 s rather than a spinner for ever.
    networkTimeoutSeconds: 4,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 14 * 86_400 }),
    ],
  }),
);

// Product photos and logos the shopper has seen (uploads and their resized copies).
registerRoute(
  ({ url, request }) => sameOrigin(url) && request.destination === "image" && /^\/(uploads|img|icons)\//.test(url.pathname),
  new CacheFirst({
    cacheName: "images",
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 86_400, purgeOnQuotaError: true }),
    ],
  }),
);

// Every other page goes to the network as it would without a worker; when that fails for want of a
// connection, the offline page (below) answers instead of the browser's error.
registerRoute(({ request }) => request.mode === "navigate", new NetworkOnly());

// A page never seen, offline: the offline page says so (and that checkout needs a connection).
setCatchHandler(async ({ request }) => {
  if (request.mode === "navigate") return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  return Response.error();
});
