import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { storage } from "../../lib/storage";

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

/**
 * Keeps subMallStr and refcode for the session on every navigation (specification §4), at once:
 * an invite link's shopper may tap 註冊 before the lazily loaded session checks arrive.
 */
export function useRememberVisit() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const first = pathname.split("/")[1] ?? "";
    if (first.startsWith("shop_")) storage.setSubMall(first);
    else if (first === "") storage.setSubMall(null);
    const refcode = new URLSearchParams(search).get("refcode");
    if (refcode && /^[A-Za-z0-9]{4,16}$/.test(refcode)) storage.setRefcode(refcode);
  }, [pathname, search]);
}
