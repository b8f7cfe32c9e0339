import { useEffect, useRef } from "react";

/**
 * Server-sanitised HTML from the back office. Images and inputs wider than the screen are made
 * responsive (the specification's rule: width + 30 ≥ screen width).
 */
export function RichContent({ html, className = "" }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML means new elements to measure
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const fit = () => {
      const screen = window.innerWidth;
      for (const el of root.querySelectorAll<HTMLElement>("img, input, iframe, video, table")) {
        if (
          el.getBoundingClientRect().width + 30 >= screen ||
          (el instanceof HTMLImageElement && el.naturalWidth + 30 >= screen)
        ) {
          el.style.width = "100%";
          el.style.maxWidth = "100%";
          el.style.height = "auto";
        }
      }
    };
    fit();
    const images = [...root.querySelectorAll("img")];
    for (const img of images) img.addEventListener("load", fit);
    window.addEventListener("resize", fit);
    return () => {
      for (const img of images) img.removeEventListener("load", fit);
      window.removeEventListener("resize", fit);
    };
  }, [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: content is sanitised by the server when saved
  return <div ref={ref} className={`rich-content ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
