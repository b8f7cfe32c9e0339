import fc from "fast-check";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Link, StaticRouterProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { isPlainHref, ShopLink } from "./ShopLink";

// The server writes a plain link's anchor itself (this test runs in Node, as the server render
// does); what it writes must be what React Router's <Link> writes, or hydration would not match.

/** Renders `element` as the page at `url`, under the same kind of router the server renders with. */
async function render(url: string, element: ReactNode): Promise<string> {
  const routes = [
    { id: "root", path: "/", element },
    { id: "shop", path: "/:shopPrefix/*", element },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://shop.test${url}`));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToStaticMarkup(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
}

const segment = fc.stringMatching(/^[A-Za-z0-9_.~%\\-]{0,8}$/);
const path = fc.array(fc.oneof(segment, fc.constantFrom(".", "..", "")), { maxLength: 4 }).map((s) => `/${s.join("/")}`);
const tail = fc.oneof(
  fc.constant(""),
  fc.constant("?"),
  fc.constant("#"),
  fc.stringMatching(/^\?[a-z_]{1,6}=[A-Za-z0-9%+]{0,6}(&[a-z]{1,4}=[0-9]{0,3})?$/),
  fc.stringMatching(/^#[a-z]{0,5}$/),
);
const to = fc.oneof(
  fc.tuple(path, tail).map(([p, t]) => p + t),
  fc.constantFrom(
    "/",
    "//evil.example/x",
    "/\\evil.example/x",
    "/a\\/b",
    "https://lin.ee/x",
    "tel:0223456789",
    "details?id=3",
    "../x",
    "/product/details?id=10060",
  ),
);

describe("ShopLink on the server", () => {
  test("writes the anchor React Router's Link writes, in the main mall and a sub-mall", async () => {
    await fc.assert(
      fc.asyncProperty(to, fc.constantFrom("/", "/shop_2/"), async (href, page) => {
        const base = page === "/" ? "" : "/shop_2";
        const own = await render(
          page,
          <ShopLink to={href} className="c" aria-label="x" state={{ from: 1 }} prefetch="intent">
            甲
          </ShopLink>,
        );
        const linkTo = href.startsWith("/") ? `${base}${href === "/" && base ? "/" : href}` : href;
        const theirs = await render(
          page,
          <Link to={linkTo} className="c" aria-label="x" state={{ from: 1 }} prefetch="intent">
            甲
          </Link>,
        );
        expect(own).toBe(theirs);
      }),
      { numRuns: 300 },
    );
  });

  test("takes the fast way only for plain in-app paths", () => {
    expect(isPlainHref("/product/details?id=3")).toBe(true);
    expect(isPlainHref("/shop_2/")).toBe(true);
    expect(isPlainHref("/")).toBe(true);
    for (const other of ["//x", "/\\x", "/a\\/b", "/a//b", "/a/./b", "/a/..", "/a?", "/a#b", "details", "https://x.test/", ""]) {
      expect(isPlainHref(other)).toBe(false);
    }
  });

  test("a target and Link-only options that change the anchor are written the same", async () => {
    const cases: [ReactNode, ReactNode][] = [
      [
        <ShopLink key="a" to="/terms" target="_blank" rel="noopener">
          條款
        </ShopLink>,
        <Link key="a" to="/terms" target="_blank" rel="noopener">
          條款
        </Link>,
      ],
      [
        <ShopLink key="b" to="/terms" reloadDocument>
          條款
        </ShopLink>,
        <Link key="b" to="/terms" reloadDocument>
          條款
        </Link>,
      ],
      [
        <ShopLink key="c" to="/terms" discover="none">
          條款
        </ShopLink>,
        <Link key="c" to="/terms" discover="none">
          條款
        </Link>,
      ],
      [
        <ShopLink key="d" to="terms" relative="path">
          條款
        </ShopLink>,
        <Link key="d" to="terms" relative="path">
          條款
        </Link>,
      ],
    ];
    for (const [own, theirs] of cases) expect(await render("/", own)).toBe(await render("/", theirs));
  });
});
