import { lazy, Suspense } from "react";

// Only a failed page needs it: its code stays out of every page's first load (the server renders it whole).
const ErrorPageContent = lazy(() => import("../features/shell/ErrorPageContent"));

/** Error boundary content that keeps the shop's header and footer around it. */
export function RouteErrorPage() {
  return (
    <Suspense>
      <ErrorPageContent />
    </Suspense>
  );
}
