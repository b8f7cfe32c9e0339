import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

const SCROLL_TOP_DELAY_MS = 100;

/** Every navigation scrolls to the top after 100 ms (specification §2). */
export function useScrollTopOnNavigate() {
  const { pathname, search } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation by design
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => window.scrollTo({ top: 0 }), SCROLL_TOP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, search]);
}

/** True once the page has scrolled past the element (the header news area). */
export function useScrolledPast(ref: React.RefObject<HTMLElement | null>) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > (ref.current?.offsetHeight ?? 0));
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [ref]);
  return past;
}
