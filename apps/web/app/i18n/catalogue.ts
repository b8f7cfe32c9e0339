import type { Messages } from "@lingui/core";

/** The whole English catalogue, every area's file (compiled from app/locales/en/*.po on import). */
export async function englishCatalogue(): Promise<Messages> {
  const areas = await Promise.all([
    import("../locales/en/shell.po"),
    import("../locales/en/catalogue.po"),
    import("../locales/en/checkout.po"),
    import("../locales/en/orders.po"),
    import("../locales/en/member.po"),
    import("../locales/en/seller.po"),
    import("../locales/en/account.po"),
    import("../locales/en/pages.po"),
  ]);
  return Object.assign({}, ...areas.map((area) => area.messages));
}
