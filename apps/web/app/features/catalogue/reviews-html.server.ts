import { msg } from "@lingui/core/macro";
import { formatDate } from "@shop/contract/format";
import type { ProductReviewPage } from "@shop/contract/reviews";
import { pageLanguage } from "../../i18n/page-messages.server";

/**
 * The product page's 商品評價 section as server-built markup (decision 98): the page sends it as
 * HTML with no code of its own (the product page's first-load budget has no room for a component),
 * so its page links are plain links that load the next page of reviews. Used by the loader only.
 * Its words are in the language of `pageUrl` (the loader's `url`): a loader runs before the render
 * that puts `translate`'s translator in place, so it asks for the page's own.
 */
const esc = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&#39;", '"': "&quot;" })[c] ?? c);

const starText = (rating: number) => {
  const full = Math.round(rating);
  return "★".repeat(full) + "☆".repeat(5 - full);
};

function stars(rating: number, label: string) {
  return `<span class="text-amber-600" aria-hidden="true">${starText(rating)}</span><span class="sr-only">${esc(label)}</span>`;
}

export function reviewsHtml(r: ProductReviewPage, pageHref: (page: number) => string, pageUrl: string): string {
  const { translator } = pageLanguage(pageUrl);
  const t = translator._;
  // Buyers' words and the shop's replies are as they wrote them (Chinese, on an English page too).
  const content = translator.lang === "en" ? ' lang="zh-Hant-TW"' : "";
  const ui = translator.lang === "en" ? ' lang="en"' : "";
  const pages = Math.max(1, Math.ceil(r.count / r.per_page));
  const average = r.average.toFixed(1);
  const count = r.count;
  const summary =
    r.count > 0
      ? `<p class="mb-4 flex items-baseline gap-2"><span class="text-3xl font-bold text-stone-900">${r.average.toFixed(1)}</span>${stars(
          r.average,
          t(msg`平均 ${average} 顆星`),
        )}<span class="text-sm text-stone-600">${esc(t(msg`共 ${count} 則評價`))}</span></p>`
      : `<p class="text-stone-600">${esc(t(msg`尚無評價。購買並收到商品後，可在訂單中為商品評價。`))}</p>`;
  const photoAlt = (n: number) => t(msg`買家照片 ${n}`);
  const starsLabel = (rating: number) => t(msg`${rating} 顆星`);
  const pageOf = (page: number, pages: number) => t(msg`第 ${page} / ${pages} 頁`);
  const items = r.items
    .map((v) => {
      const photos =
        v.photos.length > 0
          ? `<div class="mt-2 flex gap-2">${v.photos
              .map(
                (p, n) =>
                  `<a href="${esc(p)}" target="_blank" rel="noopener"><img src="/img/160${esc(p)}" alt="${esc(photoAlt(n + 1))}" width="80" height="80" loading="lazy" decoding="async" class="h-20 w-20 rounded object-cover ring-1 ring-stone-200"></a>`,
              )
              .join("")}</div>`
          : "";
      const reply = v.reply
        ? `<div class="mt-2 rounded bg-stone-50 p-2 text-sm text-stone-700"${content}><span class="font-medium text-tea-800"${ui}>${esc(t(msg`店家回覆：`))}</span>${esc(v.reply)}</div>`
        : "";
      return `<li class="border-t border-stone-200 py-3" data-testid="review"><div class="flex flex-wrap items-center gap-2 text-sm">${stars(
        v.rating,
        starsLabel(v.rating),
      )}<span class="font-medium text-stone-800">${esc(v.author)}</span><time class="text-stone-600" datetime="${esc(v.created_at)}">${formatDate(
        v.created_at,
      )}</time></div>${v.body ? `<p class="mt-1 whitespace-pre-line text-stone-800"${content}>${esc(v.body)}</p>` : ""}${photos}${reply}</li>`;
    })
    .join("");
  const nav =
    pages > 1
      ? `<nav aria-label="${esc(t(msg`評價分頁`))}" class="mt-3 flex items-center justify-center gap-3 text-sm">${
          r.page > 1 ? `<a class="btn-secondary min-h-11" href="${esc(pageHref(r.page - 1))}">${esc(t(msg`上一頁`))}</a>` : ""
        }<span class="text-stone-600">${esc(pageOf(r.page, pages))}</span>${
          r.page < pages ? `<a class="btn-secondary min-h-11" href="${esc(pageHref(r.page + 1))}">${esc(t(msg`下一頁`))}</a>` : ""
        }</nav>`
      : "";
  return `<section id="reviews" aria-labelledby="reviews-title" class="card mt-8"><h2 id="reviews-title" class="mb-3 text-lg font-bold text-stone-800">${esc(t(msg`商品評價`))}</h2>${summary}${
    items ? `<ul>${items}</ul>` : ""
  }${nav}</section>`;
}
