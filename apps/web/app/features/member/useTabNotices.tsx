import { useLingui } from "@lingui/react/macro";
import { useMatches } from "react-router";
import { api } from "../../lib/api";

type TabNotices = Record<string, number>;

/** The server's counts (systemTabNotice, and the answer to marking notices read) per member-area path. */
export const tabNoticesOf = (counts: { notice: number; buy_list: number }): TabNotices => ({
  "/member/notice": counts.notice,
  "/member/buy_list": counts.buy_list,
});

/**
 * Unread counts per member-area path (systemTabNotice), for the member guard's clientLoader (read
 * again on each page change, see its shouldRevalidate). None when refused: the menu shows no badges.
 */
export async function readTabNotices(): Promise<TabNotices> {
  const r = await api<{ notice: number; buy_list: number }>("/api/user/systemTabNotice");
  return r.status ? tabNoticesOf(r.data) : {};
}

const hasTabNotices = (data: unknown): data is { tabNotices: TabNotices } =>
  typeof data === "object" && data !== null && "tabNotices" in data && typeof data.tabNotices === "object";

/**
 * The freshest counts on this page: the deepest loader's that has them. The notice page's, after it
 * marks notices read, are newer than the guard's, which are read beside it.
 */
export function useTabNotices(): TabNotices {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.data;
    if (hasTabNotices(data)) return data.tabNotices;
  }
  return {};
}

export function Badge({ n }: { n: number | undefined }) {
  const { t } = useLingui();
  if (!n) return null;
  return (
    <span className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white">
      {n > 99 ? "99+" : n}
      <span className="sr-only">{` ${t`則未讀`}`}</span>
    </span>
  );
}
