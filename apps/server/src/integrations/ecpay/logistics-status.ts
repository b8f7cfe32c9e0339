/**
 * What ECPay's logistics status codes mean for an order, in one table easy to change: the codes
 * come from ECPay's 物流狀態代碼 list and its official SDK's examples ⚠️ (a contract's list may add
 * codes; an unknown code is a tracking event only). Pushes (ServerReplyURL) and the polling query
 * (QueryLogisticsTradeInfo/V2) both go through this table.
 */
export type CarrierStep = "in_transit" | "at_store" | "delivered" | "returned";

const ECPAY_STATUS_STEPS: Record<string, CarrierStep> = {
  // 黑貓宅急便 (TCAT): 3001 轉運中 / 已集貨 (picked up from the shop), 3006 配送中, 3003 配完 ⚠️
  "3001": "in_transit",
  "3006": "in_transit",
  "3003": "delivered",
  // 中華郵政 (POST): 3301 收寄, 3308 投遞成功 ⚠️
  "3301": "in_transit",
  "3308": "delivered",
  // 7-ELEVEN B2C: 2030 物流中心驗收成功, 2073 到店, 2067 取件; C2C: 2063 到店 ⚠️
  "2030": "in_transit",
  "2063": "at_store",
  "2073": "at_store",
  "2067": "delivered",
  // 全家 (and 萊爾富 ⚠️, and OK C2C) B2C: 3024 物流中心收貨 ⚠️, 3018 到店, 3022 取件
  "3024": "in_transit",
  "3018": "at_store",
  "3022": "delivered",
  // 逾期未取，退回 (7-ELEVEN 2074; 全家 3020)
  "2074": "returned",
  "3020": "returned",
};

export const stepOf = (code: string): CarrierStep | undefined => ECPAY_STATUS_STEPS[code];

/** Codes after which nothing more is expected: the polling job stops asking. */
export const FINAL_CODES = Object.entries(ECPAY_STATUS_STEPS)
  .filter(([, step]) => step === "delivered" || step === "returned")
  .map(([code]) => code);

/** A plain-words label for a code ECPay sent without a message (the polling query has none). */
export const STEP_LABELS: Record<CarrierStep, string> = {
  in_transit: "運送中",
  at_store: "已到店",
  delivered: "已送達",
  returned: "包裹退回",
};

/**
 * What the simulator walks a shipment through, by LogisticsSubType (the order ECPay sends them in,
 * as far as the published lists say ⚠️).
 */
export const SIMULATED_PROGRESS: Record<string, Array<{ code: string; message: string }>> = {
  TCAT: [
    { code: "3001", message: "轉運中(已集貨)" },
    { code: "3006", message: "配送中" },
    { code: "3003", message: "配完" },
  ],
  POST: [
    { code: "3301", message: "收寄" },
    { code: "3308", message: "投遞成功" },
  ],
  UNIMART: [
    { code: "2030", message: "物流中心驗收成功" },
    { code: "2073", message: "商品配達買家取貨門市" },
    { code: "2067", message: "消費者成功取件" },
  ],
  FAMI: [
    { code: "3024", message: "貨件已至物流中心" },
    { code: "3018", message: "到店尚未取貨" },
    { code: "3022", message: "買家已到店取貨" },
  ],
  HILIFE: [
    { code: "3024", message: "貨件已至物流中心" },
    { code: "3018", message: "到店尚未取貨" },
    { code: "3022", message: "買家已到店取貨" },
  ],
  UNIMARTC2C: [
    { code: "2063", message: "門市配達" },
    { code: "2067", message: "消費者成功取件" },
  ],
  FAMIC2C: [
    { code: "3018", message: "到店尚未取貨" },
    { code: "3022", message: "買家已到店取貨" },
  ],
  HILIFEC2C: [
    { code: "3018", message: "到店尚未取貨" },
    { code: "3022", message: "買家已到店取貨" },
  ],
  OKMARTC2C: [
    { code: "3018", message: "到店尚未取貨" },
    { code: "3022", message: "買家已到店取貨" },
  ],
};
