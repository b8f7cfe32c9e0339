import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Img } from "../../ui/Img";

// The zoomable full-screen view and its library load on the first tap (first-load budget).
const GalleryLightbox = lazy(() => import("./GalleryLightbox"));

/**
 * The product's pictures: swiped on a phone (a scroll-snap strip, works before the code loads),
 * picked by thumbnail, and opened full-screen with pinch and double-tap zoom on a tap.
 */
/** `nameLang`: the product name's `lang` (set when it is shown in Chinese on an English page). */
export function ProductGallery({ images, name, nameLang }: { images: string[]; name: string; nameLang?: string }) {
  const { t } = useLingui();
  const contentLang = nameLang;
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const [zoomed, setZoomed] = useState<number | null>(null);
  const key = images.join("|");

  // A variant with its own picture puts it first: show it. On the first run, follow a swipe made
  // before the code arrived instead.
  const shownKey = useRef(key);
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    if (shownKey.current === key) return setCurrent(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
    shownKey.current = key;
    el.scrollTo({ left: 0 });
    setCurrent(0);
  }, [key]);

  const zoomLabel = (n: number) => t`放大第 ${n} 張圖片`;
  const pictureLabel = (n: number) => t`第 ${n} 張圖片`;

  const show = (i: number) => {
    const el = strip.current;
    if (el) el.scrollTo({ left: el.clientWidth * i, behavior: "smooth" });
    setCurrent(i);
  };

  return (
    <div>
      <ul
        ref={strip}
        aria-label={t`商品圖片`}
        onScroll={(e) => setCurrent(Math.round(e.currentTarget.scrollLeft / Math.max(1, e.currentTarget.clientWidth)))}
        className="flex snap-x snap-mandatory overflow-x-auto rounded-2xl bg-white ring-1 ring-stone-200 [scrollbar-width:none]"
      >
        {images.map((img, i) => (
          <li key={img} className="w-full shrink-0 snap-center">
            <button
              type="button"
              className="focus-inset block w-full cursor-zoom-in"
              aria-label={zoomLabel(i + 1)}
              onClick={() => setZoomed(i)}
            >
              <Img
                src={img}
                alt={i === 0 ? name : ""}
                lang={i === 0 ? contentLang : undefined}
                width={640}
                height={640}
                sizes="(min-width: 768px) 540px, 100vw"
                priority={i === 0}
                className="gallery-photo"
              />
            </button>
          </li>
        ))}
      </ul>
      {images.length > 1 && (
        <ul className="mt-3 flex gap-2" aria-label={t`選擇圖片`}>
          {images.map((img, i) => (
            <li key={img}>
              <button
                type="button"
                onClick={() => show(i)}
                aria-label={pictureLabel(i + 1)}
                aria-current={i === current}
                className={`overflow-hidden rounded-lg ring-2 ${i === current ? "ring-tea-700" : "ring-transparent"}`}
              >
                <Img src={img} alt="" width={72} height={72} sizes="72px" className="h-16 w-16 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {zoomed !== null && (
        <Suspense>
          <GalleryLightbox images={images} index={zoomed} alt={name} onClose={() => setZoomed(null)} />
        </Suspense>
      )}
    </div>
  );
}
