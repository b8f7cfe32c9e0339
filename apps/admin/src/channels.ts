import type { ChannelModes } from "@shop/contract/responses";
import { useEffect, useState } from "react";
import { adminApi } from "./api";

let asked: Promise<ChannelModes> | null = null;

/**
 * The shop's outside channels (real, simulator or off; decision 74), read once per visit: buttons
 * for a channel switched off are not shown (an ECPay shipment, an HCT consignment).
 */
export function useChannels(): ChannelModes | null {
  const [channels, setChannels] = useState<ChannelModes | null>(null);
  useEffect(() => {
    asked ??= adminApi<ChannelModes>("/system/channels");
    asked.then(setChannels, () => {
      asked = null;
    });
  }, []);
  return channels;
}

export const CHANNEL_LABELS: Record<keyof ChannelModes, string> = {
  card: "信用卡（TapPay）",
  store_pickup: "超商取貨（綠界物流）",
  einvoice: "電子發票（綠界）",
  hct: "新竹物流託運單",
  ecpay_home: "黑貓／郵局宅配（綠界物流）",
  sms: "簡訊（三竹）",
  email: "電子郵件（SMTP）",
  line_messages: "LINE 訊息通知",
  line_login: "LINE 登入",
  google_login: "Google 登入",
  facebook_login: "Facebook 登入",
};

export const MODE_LABELS = { real: "正式", simulator: "測試模式（模擬器）", off: "未啟用" } as const;
