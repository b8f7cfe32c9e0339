import { read, write } from "../../lib/storage";

/**
 * A guest's proof of the phone on one order (from placing it here, or an SMS code): the server
 * shows the order unmasked and lets it be cancelled while the proof lasts. Kept out of
 * lib/storage.ts, which every page loads, because only order pages need it.
 */
export const orderAccess = {
  get: (orderNo: string) => read("local", `order_access:${orderNo}`),
  set: (orderNo: string, token: string | null) => write("local", `order_access:${orderNo}`, token),
};
