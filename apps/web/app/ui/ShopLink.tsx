import type { ComponentProps } from "react";
import { Link, NavLink } from "react-router";
import { useShop } from "../lib/shop";

/** A link that stays inside the current mall (keeps the shop_{id} base path). */
export function ShopLink({ to, ...props }: Omit<ComponentProps<typeof Link>, "to"> & { to: string }) {
  const shop = useShop();
  return <Link to={shop.path(to)} {...props} />;
}

export function ShopNavLink({ to, ...props }: Omit<ComponentProps<typeof NavLink>, "to"> & { to: string }) {
  const shop = useShop();
  return <NavLink to={shop.path(to)} {...props} />;
}
