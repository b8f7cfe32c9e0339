import type { ComponentProps } from "react";
import { Link, NavLink } from "react-router";
import { useShop } from "../lib/shop";

type LinkProps = Omit<ComponentProps<typeof Link>, "to"> & { to: string };

// The server render's anchors (below); Vite drops them from the browser's bundle.
const ON_SERVER = import.meta.env.SSR;

/**
 * An in-app path React Router's `<Link>` writes back unchanged as its href: absolute, no "//",
 * no backslash (React Router folds `/\` into `/`; a browser reads `/\host` as another site), no "." or ".."
 * segment, no hash, a query only if it has something in it.
 */
export function isPlainHref(to: string): boolean {
  if (to[0] !== "/" || to[1] === "/" || to.includes("#") || to.includes("\\")) return false;
  const query = to.indexOf("?");
  const path = query < 0 ? to : to.slice(0, query);
  return !path.includes("//") && !/(?:^|\/)\.\.?(?:\/|$)/.test(path) && query !== to.length - 1;
}

/**
 * The anchor `<Link>` renders on the server, written directly. A server render has no clicks,
 * prefetching or navigation to set up, and resolving each link's path cost a page about a sixth of
 * its render allocations (31 links on a product page). Same attributes in the same order, so the
 * browser's `<Link>` hydrates it. Anything but a plain path (or a Link-only option that changes
 * the output) goes through `<Link>`.
 */
function serverAnchor(to: string, props: Omit<LinkProps, "to">) {
  if (props.relative || props.reloadDocument || props.mask || (props.discover && props.discover !== "render") || !isPlainHref(to))
    return null;
  // Copied by hand: an object rest with a dozen names left out was this function's main cost.
  const anchor: Record<string, unknown> = {};
  for (const key in props) if (!LINK_ONLY.has(key)) anchor[key] = props[key as keyof typeof props];
  return <a {...anchor} href={to} target={props.target} data-discover="true" />;
}

/** `<Link>`'s own props, which never reach its anchor (`target` is written after `href`, as Link does). */
const LINK_ONLY = new Set([
  "relative",
  "reloadDocument",
  "discover",
  "mask",
  "prefetch",
  "replace",
  "state",
  "preventScrollReset",
  "viewTransition",
  "defaultShouldRevalidate",
  "onClick",
  "target",
]);

/** A link that stays inside the current mall (keeps the shop_{id} base path). */
export function ShopLink({ to, ...props }: LinkProps) {
  const shop = useShop();
  const href = shop.path(to);
  return (ON_SERVER && serverAnchor(href, props)) || <Link to={href} {...props} />;
}

export function ShopNavLink({ to, ...props }: Omit<ComponentProps<typeof NavLink>, "to"> & { to: string }) {
  const shop = useShop();
  return <NavLink to={shop.path(to)} {...props} />;
}
