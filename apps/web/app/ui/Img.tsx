import type { ImgHTMLAttributes } from "react";

const WIDTHS = [160, 320, 480, 640, 960, 1280, 1600];

/**
 * An uploaded picture with responsive WebP sizes (`/img/{w}/uploads/…`, made by the server with
 * sharp). width/height are required so the layout never shifts; below-the-fold images are lazy.
 */
export function Img({
  src,
  width,
  height,
  sizes,
  priority = false,
  alt,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "width" | "height"> & {
  src: string;
  width: number;
  height: number;
  sizes: string;
  priority?: boolean;
  alt: string;
}) {
  const resizable = src.startsWith("/uploads/");
  const max = width * 2;
  const widths = WIDTHS.filter((w) => w <= max);
  const srcSet = resizable ? widths.map((w) => `/img/${w}${src} ${w}w`).join(", ") : undefined;
  const fallback = resizable ? `/img/${widths.find((w) => w >= width) ?? widths.at(-1) ?? 480}${src}` : src;
  return (
    <img
      src={fallback}
      srcSet={srcSet}
      sizes={resizable ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? "sync" : "async"}
      {...rest}
    />
  );
}
