import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { data, isRouteErrorResponse, useRevalidator, useRouteError } from "react-router";
import { translate } from "../../i18n/runtime";
import { api } from "../../lib/api";
import { storage } from "../../lib/storage";

type Query = Record<string, string | number | undefined>;

/**
 * Signed out, a member page's loader stops before asking the API: the member guard's redirect to
 * /login then wins (React Router follows a redirect before any error), where the API's `logout`
 * answer would have sent the browser home instead.
 */
export function requireToken() {
  if (!storage.token()) throw data(translate(globalThis.location?.pathname ?? "/", msg`請先登入會員`), { status: 401 });
}

/**
 * A member API read for a page's clientLoader: its data, or a refusal thrown as a route error the
 * page's MemberLoadError shows (React Router then owns loading, revalidation and errors). A
 * `logout` answer has already sent the browser home (lib/api.ts).
 */
export async function memberRead<T>(path: string, call: { query?: Query; body?: unknown } = {}): Promise<T> {
  requireToken();
  const r = await api<T>(path, call);
  if (!r.status) throw data(r.message, { status: r.httpStatus || 503 });
  return r.data;
}

/**
 * A secondary member read (a list beside the page's main data): its data, or `fallback` when
 * refused, so the page still shows. Signed out, it fails like `memberRead` (never asks the API).
 */
export async function memberReadOr<T, F>(path: string, call: { query?: Query; body?: unknown }, fallback: F): Promise<T | F> {
  requireToken();
  const r = await api<T>(path, call);
  return r.status ? r.data : fallback;
}

/** A member page whose read was refused: what the server said, and a way to try again. */
export function MemberLoadError() {
  const { t } = useLingui();
  const error = useRouteError();
  const revalidator = useRevalidator();
  const message = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : t`資料載入失敗，請稍後再試`;
  return (
    <section className="card text-center">
      <p className="text-red-700" role="alert">
        {message}
      </p>
      <button type="button" className="btn-secondary mt-4" onClick={() => void revalidator.revalidate()}>
        {t`重新載入`}
      </button>
    </section>
  );
}

/**
 * Runs `done` once for each new answer a fetcher brings back: for what an answer asks of the page
 * beyond showing it (a dialog, clearing a form).
 */
export function useActionResult<T>(answer: T | undefined, done: (answer: T) => void) {
  const seen = useRef<T | undefined>(undefined);
  const latest = useRef(done);
  latest.current = done;
  useEffect(() => {
    if (answer === undefined || answer === seen.current) return;
    seen.current = answer;
    latest.current(answer);
  }, [answer]);
}
