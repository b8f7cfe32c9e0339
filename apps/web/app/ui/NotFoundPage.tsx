import { isRouteErrorResponse, useRouteError } from "react-router";

/** Error boundary content that keeps the shop's header and footer around it. */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <section className="card mx-auto max-w-xl text-center">
      <h1 className="text-2xl font-bold text-stone-800">{notFound ? "找不到此頁面" : "頁面發生錯誤"}</h1>
      <p className="mt-3 text-stone-600">
        {notFound ? "您要找的頁面不存在或已移除。" : "很抱歉，頁面暫時無法顯示，請稍後再試。"}
      </p>
      <a href="/" className="btn-primary mt-6">
        回到首頁
      </a>
    </section>
  );
}
