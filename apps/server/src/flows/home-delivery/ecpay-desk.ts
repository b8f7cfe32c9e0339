import { ECPAY_HOME_METHODS } from "@shop/contract";
import type { StaffOrder } from "@shop/contract/responses";
import type { FakeEcpayLogistics } from "../../integrations/ecpay/fake-logistics.js";
import { conflict, notFound } from "../../lib/errors.js";
import type { LogisticsService } from "../../modules/logistics/service.js";
import type { Order } from "../../modules/orders/service.js";
import type { Actor } from "../../modules/staff/service.js";
import type { CvsShipping } from "../store-pickup/cvs-shipping.js";
import type { EcpayHomeShipping } from "./ecpay-home-shipping.js";
import type { EcpayStatus } from "./ecpay-status.js";

/** How often the 測試模式 timer moves every simulated shipment one status on (decision 90). */
export const SIMULATED_PROGRESS_MINUTES = 10;
/** A simulated status stands at least this long before the timer moves it on. */
const SIMULATED_STATUS_STANDS_MINUTES = SIMULATED_PROGRESS_MINUTES / 2;

/**
 * The back office's ECPay desk: one "create the shipment and ship" and one "print" for store
 * (C2C / B2C) and home (黑貓 / 郵局) orders alike, and in 測試模式 the simulator's next status,
 * pushed through the same verified path as ECPay's own pushes.
 */
export function createEcpayDesk(d: {
  cvs: Pick<CvsShipping, "createAndShip" | "labelForm">;
  home: EcpayHomeShipping;
  status: Pick<EcpayStatus, "push">;
  logistics: Pick<LogisticsService, "cvsShipment">;
  orderByNo: (orderNo: string) => Promise<Order | null | undefined>;
  simulator?: FakeEcpayLogistics;
}) {
  const isHome = async (orderNo: string) => {
    const o = await d.orderByNo(orderNo);
    return Boolean(o && (ECPAY_HOME_METHODS as readonly string[]).includes(o.shipMethod));
  };
  return {
    async createAndShip(actor: Actor, orderNo: string): Promise<StaffOrder> {
      return (await isHome(orderNo)) ? d.home.createAndShipHome(actor, orderNo) : d.cvs.createAndShip(actor, orderNo);
    },
    async labelForm(orderNo: string) {
      return (await isHome(orderNo)) ? d.home.homeLabelForm(orderNo) : d.cvs.labelForm(orderNo);
    },

    /** ECPay's status push (ServerReplyURL): store and home shipments alike. */
    statusPush: (fields: Record<string, string>) => d.status.push(fields),

    /** 測試模式: the shipment's next simulated status, pushed as ECPay would (signed, verified). */
    async simulateNext(orderNo: string) {
      if (!d.simulator) throw notFound("SIMULATOR_OFF", "僅測試模式可模擬物流狀態");
      const s = await d.logistics.cvsShipment(orderNo);
      if (s?.status !== "created" || !s.logisticsId) throw notFound("CVS_SHIPMENT_NOT_FOUND", "此訂單尚未建立寄件單");
      const push = d.simulator.advance(s.logisticsId);
      if (!push) throw conflict("NO_NEXT_STATUS", "此包裹已無下一個物流狀態");
      await d.status.push(push);
      return { code: push.RtnCode ?? "", message: push.RtnMsg ?? "" };
    },

    /**
     * 測試模式's timer: every simulated shipment whose status has stood five minutes one status on
     * (shipments this shop never made are skipped).
     */
    async simulateAll() {
      let moved = 0;
      for (const id of d.simulator?.moving(SIMULATED_STATUS_STANDS_MINUTES * 60_000) ?? []) {
        const push = d.simulator?.advance(id);
        if (!push) continue;
        try {
          await d.status.push(push);
          moved++;
        } catch {
          // Made by another process's simulator (tests) or its order gone: nothing to move here.
        }
      }
      return { moved };
    },
  };
}
