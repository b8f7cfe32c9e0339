import type { SellerShopInput, ShopSettingsView } from "@shop/contract/seller-shop";
import { fieldError } from "../../lib/errors.js";
import type { ShopDeliveryOptions } from "../logistics/shop-delivery.js";
import type { Shop, ShopsService } from "../shops/service.js";

/** Where a seller's banner uploads go; a banner must be one of these, the shop's current one, or none. */
export const sellerUploadFolder = (shopId: number) => `seller/${shopId}`;

const sameDelivery = (a: SellerShopInput["delivery"], b: SellerShopInput["delivery"]) =>
  a.self_fee === b.self_fee &&
  a.self_free_threshold === b.self_free_threshold &&
  a.codes.length === b.codes.length &&
  a.codes.every((c) => b.codes.includes(c));

/**
 * A seller's own shop settings (decision 46): the intro applies at once; name, banner and
 * delivery options wait for staff approval as one change request.
 */
export function createSellerShopSettings(deps: { shops: ShopsService; delivery: ShopDeliveryOptions }) {
  const { shops, delivery } = deps;

  async function view(shop: Shop): Promise<ShopSettingsView> {
    const [options, request] = await Promise.all([
      delivery.options(shop.id, shop.name),
      shops.changeRequests.latest(shop.id, shop.name),
    ]);
    return {
      shop: { id: shop.id, name: shop.name, intro: shop.intro, banner: shop.banner },
      delivery: options.delivery,
      methods: options.methods,
      request,
    };
  }

  return {
    view,
    /**
     * Saves the intro and files what needs approval; says what the seller sees and whether the
     * storefront changed (the intro). What
     * differs from the live shop is worked out under the shop's lock (a decision may be applying).
     */
    async save(shopId: number, memberId: number, input: SellerShopInput): Promise<{ message: string; introChanged: boolean }> {
      let introChanged = false;
      const pending = await shops.changeRequests.seller(shopId, memberId, input.intro, async (tx, shop) => {
        const options = await delivery.options(shop.id, shop.name, tx);
        const offered = new Set(options.methods.map((m) => m.code));
        if (input.delivery.codes.some((c) => !offered.has(c)))
          throw fieldError("delivery.codes", "此配送方式不開放給子商城，請重新選擇");
        if (input.banner && input.banner !== shop.banner && !input.banner.startsWith(`/uploads/${sellerUploadFolder(shop.id)}/`))
          throw fieldError("banner", "請使用「上傳橫幅」上傳的圖片");
        introChanged = input.intro !== shop.intro;
        const deliveryChanged = !sameDelivery(input.delivery, options.delivery);
        return {
          changes: {
            ...(input.name !== shop.name ? { name: input.name } : {}),
            ...(input.banner !== shop.banner ? { banner: input.banner } : {}),
            ...(deliveryChanged ? { delivery: { ...input.delivery, codes: [...input.delivery.codes].sort() } } : {}),
          },
          before: {
            ...(input.name !== shop.name ? { name: shop.name } : {}),
            ...(input.banner !== shop.banner ? { banner: shop.banner } : {}),
            ...(deliveryChanged ? { delivery: options.delivery } : {}),
          },
        };
      });
      const message = pending
        ? introChanged
          ? "簡介已更新；其餘變更已送出審核，核准後生效"
          : "變更已送出審核，核准後生效"
        : "商城設定已儲存";
      return { message, introChanged };
    },
  };
}
export type SellerShopSettings = ReturnType<typeof createSellerShopSettings>;
