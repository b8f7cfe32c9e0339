import { redirect } from "react-router";

/**
 * A loader's or action's redirect that replaces the current history entry (a sign-in callback or
 * an already-signed-in /login is not left behind for the back button): what React Router's
 * `replace()` answers, built on `redirect()` so that `replace` does not join the first-load chunk
 * every page shares (the 120 KB budget, bench/page-weight.ts).
 */
export const replaceTo = (to: string) => redirect(to, { headers: { "X-Remix-Replace": "true" } });
