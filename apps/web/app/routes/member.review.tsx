import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { ReviewableLines } from "@shop/contract/reviews";
import { REVIEW_BODY_MAX, REVIEW_PHOTOS_MAX } from "@shop/contract/reviews";
import { useState } from "react";
import { useNavigate } from "react-router";
import { MemberLoadError, memberRead } from "../features/member/member-read";
import { memberTitle } from "../features/member/server-text";
import { useContentLang } from "../i18n/runtime";
import { api, callerHeaders, fieldErrors } from "../lib/api";
import { useShop } from "../lib/shop";
import { useAlerts } from "../ui/alerts";
import { Img } from "../ui/Img";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member.review";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`商品評價`) },
  { name: "robots", content: "noindex" },
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const orderNo = url.searchParams.get("order_no") ?? "";
  const variant = Number(url.searchParams.get("variant"));
  const order = await memberRead<ReviewableLines>("/api/member/reviews", { query: { order_no: orderNo } });
  return { orderNo, order, line: order.lines.find((l) => l.variant_id === variant) ?? order.lines[0] };
}
export { MemberLoadError as ErrorBoundary };

const STARS = [1, 2, 3, 4, 5];

/** 評分: five radio stars. */
function StarRating({ rating, onRate, error }: { rating: number; onRate: (n: number) => void; error?: string }) {
  const { t } = useLingui();
  return (
    <fieldset>
      <legend className="field-label">{t`評分`}</legend>
      <div className="flex gap-1">
        {STARS.map((n) => (
          <label key={n} className="cursor-pointer">
            <input type="radio" name="rating" value={n} className="sr-only" checked={rating === n} onChange={() => onRate(n)} />
            <span aria-hidden="true" className={`text-3xl ${n <= rating ? "text-amber-600" : "text-stone-300"}`}>
              ★
            </span>
            <span className="sr-only">{t`${n} 顆星`}</span>
          </label>
        ))}
      </div>
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}

/** /member/review?order_no=&variant= (ours, decision 98): rate a line of a delivered order, with up to 3 photos. */
export default function Review({ loaderData }: Route.ComponentProps) {
  const { orderNo, order, line } = loaderData;
  const { t } = useLingui();
  const contentLang = useContentLang();
  const shop = useShop();
  const back = `/member/order_detail?order_no=${orderNo}`;
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState("");
  const [photos, setPhotos] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (!line) return <MemberLoadError />;
  const stars = line.review?.rating ?? 0;
  const openUntil = order.open_until;
  const bodyMax = REVIEW_BODY_MAX;
  const photosMax = REVIEW_PHOTOS_MAX;

  async function upload(file: File | undefined) {
    if (!file) return;
    const form = new FormData();
    form.append("file", file);
    setBusy(true);
    const response = await fetch("/api/member/reviews/photo", {
      method: "POST",
      body: form,
      headers: callerHeaders(),
    }).catch(() => null);
    setBusy(false);
    const r = response
      ? ((await response.json().catch(() => null)) as { status: boolean; message: string; data: { url: string } } | null)
      : null;
    if (!r?.status) return alerts.error(r?.message ?? t`上傳失敗，請稍後再試`);
    setPhotos((p) => [...p, r.data.url]);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!line) return;
    if (rating < 1) return setErrors({ rating: t`請選擇 1 到 5 顆星` });
    setBusy(true);
    const r = await api("/api/member/reviews", {
      body: { order_no: orderNo, order_line_id: line.order_line_id, rating, body, photos },
    });
    setBusy(false);
    if (!r.status) {
      setErrors(fieldErrors(r));
      return alerts.error(r.message);
    }
    alerts.toast(r.message);
    navigate(shop.path(back));
  }

  return (
    <section className="card">
      <h1 className="mb-4 text-xl font-bold text-stone-800">{t`商品評價`}</h1>
      <div className="mb-4 flex items-center gap-3">
        <Img src={line.image} alt="" width={56} height={56} sizes="56px" className="h-14 w-14 rounded-lg object-cover" />
        <div>
          <p className="font-medium text-stone-800" lang={contentLang}>
            {line.name}
          </p>
          <p className="text-sm text-stone-600" lang={contentLang}>
            {line.variant_name}
          </p>
        </div>
      </div>
      {line.review ? (
        <p className="text-stone-700" data-testid="review-done">
          {t`您已評價這件商品（${stars} 顆星）`}
          {line.review.status === "pending" ? t`，審核通過後就會顯示在商品頁。` : t`。`}
        </p>
      ) : !line.can_review ? (
        <p className="text-stone-700">{openUntil ? t`評價期限已於 ${openUntil} 截止。` : t`訂單送達後才能評價商品。`}</p>
      ) : (
        <form onSubmit={submit} noValidate className="flex max-w-lg flex-col gap-4">
          <StarRating rating={rating} onRate={setRating} error={errors.rating} />
          <label className="flex flex-col gap-1">
            <span className="field-label">{t`評價內容（最多 ${bodyMax} 字）`}</span>
            <textarea
              name="body"
              rows={5}
              maxLength={REVIEW_BODY_MAX}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              className="input"
            />
            {errors.body && <span className="text-sm text-red-700">{errors.body}</span>}
          </label>
          <div>
            <p className="field-label">{t`照片（最多 ${photosMax} 張）`}</p>
            <div className="flex flex-wrap items-center gap-2">
              {photos.map((p, index) => {
                const n = index + 1;
                return (
                  <button
                    key={p}
                    type="button"
                    onClick={() => setPhotos((list) => list.filter((x) => x !== p))}
                    className="relative"
                    aria-label={t`移除照片 ${n}`}
                  >
                    <Img src={p} alt="" width={80} height={80} sizes="80px" className="h-20 w-20 rounded object-cover" />
                  </button>
                );
              })}
              {photos.length < REVIEW_PHOTOS_MAX && (
                <label className="btn-secondary cursor-pointer">
                  {t`上傳照片`}
                  <input
                    type="file"
                    accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
                    className="sr-only"
                    disabled={busy}
                    onChange={(e) => void upload(e.target.files?.[0])}
                  />
                </label>
              )}
            </div>
          </div>
          <div className="flex gap-3">
            <button type="submit" className="btn-primary" disabled={busy}>
              {t`送出評價`}
            </button>
            <ShopLink to={back} className="btn-secondary">
              {t`返回訂單`}
            </ShopLink>
          </div>
        </form>
      )}
    </section>
  );
}
