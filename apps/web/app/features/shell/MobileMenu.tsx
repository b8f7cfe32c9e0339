import type { TopHref } from "@shop/contract/front";
import { useLocation } from "react-router";
import { ShopLink } from "../../ui/ShopLink";

/**
 * The phone's menu: every category, 優惠活動, 最新消息, 經銷據點 and the header links. A <details>
 * (opens without code), closed again on the page a link leads to.
 */
export default function MobileMenu({
  categories,
  topHrefs,
}: {
  categories: Array<{ id: number; name: string }>;
  topHrefs: TopHref[];
}) {
  const { pathname } = useLocation();
  const links = [
    ...categories.map((c) => ({ to: `/product?parent_categry_id=${c.id}`, label: c.name })),
    { to: "/activity", label: "優惠活動" },
    { to: "/news", label: "最新消息" },
    { to: "/dealer/list", label: "經銷據點" },
    ...topHrefs.filter((h) => !["/news", "/dealer/list"].includes(h.url)).map((h) => ({ to: h.url, label: h.title })),
  ];
  return (
    // A new page is a new (closed) menu.
    <details key={pathname} className="group -ml-2">
      <summary className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center text-stone-700 [&::-webkit-details-marker]:hidden">
        <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
        <span className="sr-only">選單</span>
      </summary>
      <nav
        aria-label="選單"
        className="absolute inset-x-0 top-14 z-50 max-h-[70vh] overflow-y-auto border-b border-stone-200 bg-white px-4 pb-3 shadow-lg"
      >
        <ul className="divide-y divide-stone-100">
          {links.map((l) => (
            <li key={l.to}>
              <ShopLink to={l.to} className="flex min-h-11 items-center text-stone-800">
                {l.label}
              </ShopLink>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
