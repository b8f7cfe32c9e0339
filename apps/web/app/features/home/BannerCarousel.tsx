import { useLingui } from "@lingui/react/macro";
import type { Banner } from "@shop/contract/front";
import { useCallback, useEffect, useRef, useState } from "react";
import { useContentLang } from "../../i18n/runtime";
import { Img } from "../../ui/Img";
import { ShopLink } from "../../ui/ShopLink";

const AUTOPLAY_MS = 5000;

/** Home banners: a scroll-snap strip (works without JavaScript) with dots and autoplay. */
export function BannerCarousel({ banners, isMobile }: { banners: Banner[]; isMobile: boolean }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);

  const show = useCallback((i: number) => {
    const el = strip.current;
    if (!el) return;
    el.scrollTo({ left: el.clientWidth * i, behavior: "smooth" });
  }, []);

  useEffect(() => {
    if (paused || banners.length < 2 || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const t = setInterval(() => show((current + 1) % banners.length), AUTOPLAY_MS);
    return () => clearInterval(t);
  }, [current, paused, banners.length, show]);

  const dotLabel = (n: number, title: string) => t`第 ${n} 張：${title}`;

  if (banners.length === 0) return null;
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t`活動橫幅`}
      className="relative"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <ul
        ref={strip}
        onScroll={(e) => setCurrent(Math.round(e.currentTarget.scrollLeft / Math.max(1, e.currentTarget.clientWidth)))}
        className="flex snap-x snap-mandatory overflow-x-auto rounded-2xl [scrollbar-width:none]"
      >
        {banners.map((b, i) => (
          <li
            key={b.id}
            className="relative w-full shrink-0 snap-center"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${banners.length}`}
          >
            <ShopLink to={b.link || "/"} className="focus-inset block">
              <Img
                src={isMobile ? b.image_mobile : b.image}
                alt=""
                width={isMobile ? 750 : 1600}
                height={isMobile ? 500 : 500}
                sizes="(min-width: 1152px) 1120px, 100vw"
                priority={i === 0}
                className={`w-full object-cover ${isMobile ? "aspect-[3/2]" : "aspect-[16/5]"}`}
              />
              <span
                data-testid="banner-caption"
                lang={contentLang}
                className="absolute bottom-4 left-4 rounded-lg bg-black/55 px-4 py-2 text-lg font-bold text-white md:bottom-8 md:left-8 md:text-3xl"
              >
                {b.title}
              </span>
            </ShopLink>
          </li>
        ))}
      </ul>
      {banners.length > 1 && (
        <div className="mt-1 flex justify-center gap-2">
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              onClick={() => show(i)}
              aria-label={dotLabel(i + 1, b.title)}
              aria-current={i === current}
              className="flex h-6 w-6 items-center justify-center"
            >
              <span
                className={`block h-2 rounded-full transition-all ${i === current ? "w-5 bg-tea-700" : "w-2 bg-stone-400"}`}
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
