import { useLocation } from "react-router";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/coming-soon";

export const meta: Route.MetaFunction = () => [{ title: "即將推出｜茶山好物" }, { name: "robots", content: "noindex" }];

/** Every specification route that is not built yet renders this: plainly not a finished page. */
export default function ComingSoon() {
  const { pathname } = useLocation();
  return (
    <section className="card mx-auto max-w-xl text-center" data-testid="coming-soon">
      <svg aria-hidden viewBox="0 0 64 64" className="mx-auto h-14 w-14">
        <circle cx="32" cy="32" r="30" className="fill-tea-50" />
        <path d="M32 52C20 44 19 26 32 12c13 14 12 32 0 40z" className="fill-tea-600" />
      </svg>
      <h1 className="mt-3 text-2xl font-bold text-stone-800">即將推出</h1>
      <p className="mt-3 text-stone-600">這個頁面還在建置中，尚未開放使用。</p>
      <p className="mt-1 text-sm text-stone-500">頁面路徑：{pathname}</p>
      <ShopLink to="/" className="btn-primary mt-6">
        回到首頁
      </ShopLink>
    </section>
  );
}
