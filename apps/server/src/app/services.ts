import { wireAccounts } from "./wiring/accounts.js";
import { type ServiceDeps, wireFoundation } from "./wiring/foundation.js";
import { wireOffice, wireShopFronts } from "./wiring/office.js";
import { wireCheckout, wireCommerce, wireOrders } from "./wiring/orders.js";

export type { ServiceDeps };

/**
 * Wires the domain services together, one area at a time (app/wiring/); routes receive this,
 * never the raw database. Each module registers its own background jobs as it is wired.
 */
export function createServices(deps: ServiceDeps) {
  const base = wireFoundation(deps);
  const accounts = wireAccounts(base);
  const commerce = wireCommerce(base);
  const orders = wireOrders(base, commerce);
  const checkout = wireCheckout(base, accounts, commerce, orders);
  const { deps: _deps, clock: _clock, channels: _channels, siteOrigin: _origin, personalDataParts: _parts, ...foundation } = base;
  const { accountNotices: _notices, ...accountServices } = accounts;
  const { orderQueries: _queries, lifecycle: _lifecycle, orderMessages: _messages, ...orderServices } = orders;
  return {
    ...foundation,
    ...accountServices,
    ...commerce,
    ...orderServices,
    ...checkout,
    ...wireShopFronts(base, commerce, orders),
    ...wireOffice(base, accounts, commerce, orders),
    providerStatus: deps.providerStatus,
  };
}

export type Services = ReturnType<typeof createServices>;
