import type { Tx } from "../../db/client.js";
import type { ShopDeliveryOptions } from "../logistics/shop-delivery.js";
import type { NotificationsService } from "../notifications/service.js";
import type { ShopChangeAudit } from "../shops/change-requests.js";
import type { ShopsService } from "../shops/service.js";
import { type Actor, type StaffService, who } from "../staff/service.js";

/**
 * Staff review of sellers' shop change requests (decision 46): approving applies the name, banner
 * and delivery options; either way the decision is audited and the seller told, in one transaction.
 */
export function createShopChangeReview(d: {
  shops: ShopsService;
  shopDelivery: ShopDeliveryOptions;
  notifications: Pick<NotificationsService, "notify">;
  record: StaffService["record"];
}) {
  const decide = (actor: Actor, id: number, approve: boolean, reason: string) =>
    d.shops.changeRequests.decide(
      id,
      { approve, reason, actor: who(actor) },
      {
        delivery: async (tx, shopId, shopName) => (await d.shopDelivery.options(shopId, shopName, tx)).delivery,
        applyDelivery: d.shopDelivery.apply,
        async audit(tx: Tx, before: ShopChangeAudit, after: ShopChangeAudit, sellerId: number) {
          await d.record(tx, actor, {
            action: `shop_change_request.${approve ? "approve" : "reject"}`,
            entity: "shop_change_request",
            entityId: id,
            before,
            after,
          });
          await d.notifications.notify(tx, sellerId, {
            kind: "system",
            title: approve ? "商城設定變更已核准" : "商城設定變更未核准",
            body: approve ? "您申請的商城設定變更已生效。" : `原因：${reason}`,
            link: "/member/seller?tab=shop",
          });
        },
      },
    );
  return {
    shopChangeRequests: d.shops.changeRequests.list,
    shopChangeRequest: d.shops.changeRequests.get,
    approveShopChange: (actor: Actor, id: number) => decide(actor, id, true, ""),
    rejectShopChange: (actor: Actor, id: number, reason: string) => decide(actor, id, false, reason),
  };
}
export type ShopChangeReview = ReturnType<typeof createShopChangeReview>;
