import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { api } from "../../lib/api";

export const NOTICES_READ_EVENT = "shop:notices-read";

/** Unread counts per member-area path (systemTabNotice), refreshed on each navigation. */
export function useTabNotices(): Record<string, number> {
  const { pathname } = useLocation();
  const [counts, setCounts] = useState<Record<string, number>>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read on every navigation by design
  useEffect(() => {
    const load = () =>
      void api<{ notice: number; buy_list: number }>("/api/user/systemTabNotice").then((r) => {
        if (r.status) setCounts({ "/member/notice": r.data.notice, "/member/buy_list": r.data.buy_list });
      });
    load();
    window.addEventListener(NOTICES_READ_EVENT, load);
    return () => window.removeEventListener(NOTICES_READ_EVENT, load);
  }, [pathname]);
  return counts;
}

export function Badge({ n }: { n: number | undefined }) {
  if (!n) return null;
  return (
    <span className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white">
      {n > 99 ? "99+" : n}
      <span className="sr-only"> 則未讀</span>
    </span>
  );
}
