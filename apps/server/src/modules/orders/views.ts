import type { OrderStatus } from "@shop/contract";
import type { Db } from "../../db/client.js";
import type { LogisticsService } from "../logistics/service.js";
import { memberOrders, orderDetail, orderTracking, summaries, type ViewDeps } from "./buyer-views.js";
import type { Payments } from "./payments.js";
import type { OrderQueries } from "./queries.js";
import { dashboard, type StaffOrderFilter, staffDetail, staffExport, staffList } from "./staff-views.js";
import type { Order } from "./types.js";

// The sellers' and the back office's services name these from here.
export { shipName } from "./buyer-views.js";
export type { StaffExportRow, StaffOrderFilter } from "./staff-views.js";

/** Orders as the buyer reads them (lists, details, tracking), and as staff do (buyer-views.ts, staff-views.ts). */
export function createOrderViews(
  db: Db,
  orders_: OrderQueries,
  payments_: Payments,
  logistics: LogisticsService,
  /** The latest return request and the appraisal period in days (returns.ts); the order's e-invoice. */
  returns: ViewDeps["returns"],
) {
  const d: ViewDeps = { db, orders: orders_, payments: payments_, logistics, returns };
  return {
    summaries: (rows: Order[]) => summaries(d, rows),
    staffList: (f: StaffOrderFilter, page: number, perPage: number) => staffList(d, f, page, perPage),
    /** Every matching order for the CSV export, newest first, in batches (the batch size is for tests). */
    staffExport: (f: StaffOrderFilter, batch?: number) => staffExport(d, f, batch),
    staffDetail: (orderNo: string) => staffDetail(d, orderNo),
    /** Today's figures (Asia/Taipei) and a daily sales series for the dashboard. */
    dashboard: (now: Date, days: number) => dashboard(d, now, days),
    list: (memberId: number, status: OrderStatus | undefined, page: number, perPage: number) =>
      memberOrders(d, memberId, status, page, perPage),
    detail: (o: Order) => orderDetail(d, o),
    tracking: (o: Order) => orderTracking(d, o),
  };
}

export type OrderViews = ReturnType<typeof createOrderViews>;
