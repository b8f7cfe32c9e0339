import Lightbox from "yet-another-react-lightbox";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import "yet-another-react-lightbox/styles.css";

/** Full-screen pictures with pinch, double-tap and wheel zoom; loaded when a picture is tapped. */
export default function GalleryLightbox(props: { images: string[]; index: number; onClose(): void; alt: string }) {
  // The largest size the image service makes (1600 px) of uploads; others as they are.
  const full = (src: string) => (src.startsWith("/uploads/") ? `/img/1600${src}` : src);
  return (
    <Lightbox
      open
      close={props.onClose}
      index={props.index}
      slides={props.images.map((src) => ({ src: full(src), alt: props.alt }))}
      plugins={[Zoom]}
      zoom={{ maxZoomPixelRatio: 3, scrollToZoom: true }}
      labels={{
        Previous: "上一張",
        Next: "下一張",
        Close: "關閉",
        "Zoom in": "放大",
        "Zoom out": "縮小",
        Lightbox: "商品圖片",
        Carousel: "商品圖片",
        Slide: "圖片",
      }}
      carousel={{ finite: props.images.length < 2 }}
    />
  );
}
