import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import Lightbox from "yet-another-react-lightbox";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import "yet-another-react-lightbox/styles.css";

/** The picture as the page already shows it (in the browser's cache), to stand in while the large one loads. */
function shownVersion(src: string) {
  return [...document.images].find((img) => img.complete && img.naturalWidth > 0 && img.currentSrc.endsWith(src))?.currentSrc;
}

/** Full-screen pictures with pinch, double-tap and wheel zoom; loaded when a picture is tapped. */
export default function GalleryLightbox(props: { images: string[]; index: number; onClose(): void; alt: string }) {
  const { t } = useLingui();
  const [index, setIndex] = useState(props.index);
  // The library fills in {index} and {total} itself: the message keeps them as they are.
  const slideOf = (index: string, total: string) => t`第 ${index} 張，共 ${total} 張`;
  // The largest size the image service makes (1600 px) of uploads; others as they are.
  const full = (src: string) => (src.startsWith("/uploads/") ? `/img/1600${src}` : src);
  const loading = () => {
    const preview = shownVersion(props.images[index] ?? "");
    return (
      <>
        {preview && (
          <img
            src={preview}
            alt=""
            data-testid="lightbox-preview"
            className="max-h-[90vh] max-w-[90vw] object-contain opacity-80"
          />
        )}
        <span
          role="status"
          aria-label={t`圖片載入中`}
          className="absolute top-1/2 left-1/2 block h-10 w-10 -translate-1/2 animate-spin rounded-full border-4 border-white/40 border-t-white"
        />
      </>
    );
  };
  return (
    <Lightbox
      open
      close={props.onClose}
      index={props.index}
      on={{ view: ({ index: shown }) => setIndex(shown) }}
      slides={props.images.map((src) => ({ src: full(src), alt: props.alt }))}
      plugins={[Zoom]}
      zoom={{ maxZoomPixelRatio: 3, scrollToZoom: true }}
      render={{ iconLoading: loading }}
      labels={{
        Previous: t`上一張`,
        Next: t`下一張`,
        Close: t`關閉`,
        "Zoom in": t`放大`,
        "Zoom out": t`縮小`,
        Lightbox: t`商品圖片`,
        Carousel: t`輪播`,
        "Photo gallery": t`商品圖片`,
        Slide: t`圖片`,
        "{index} of {total}": slideOf("{index}", "{total}"),
      }}
      carousel={{ finite: props.images.length < 2 }}
    />
  );
}
