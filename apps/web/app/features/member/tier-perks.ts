import { formatMoney } from "@shop/contract/format";
import type { TierPerks } from "@shop/contract/loyalty";

/** 10% off reads 9 折, 15% off 85 折 (how Taiwanese shops say it). */
const zhe = (percentOff: number) => {
  const pay = 100 - percentOff;
  return `${pay % 10 === 0 ? pay / 10 : pay} 折`;
};

/** What a level gives, one short line each (decision 94). */
export function perkLines(l: TierPerks): string[] {
  const lines: string[] = [];
  lines.push(
    l.discount_percent > 0
      ? `全館商品 ${zhe(l.discount_percent)}（優惠後再折 ${l.discount_percent}%）`
      : "全館商品原價（無等級折扣）",
  );
  lines.push(l.points_multiplier > 100 ? `購物點數 ×${l.points_multiplier / 100}` : "購物點數 ×1");
  if (l.free_shipping_threshold !== null)
    lines.push(l.free_shipping_threshold === 0 ? "宅配、超商免運" : `滿 ${formatMoney(l.free_shipping_threshold)} 免運`);
  const gift = l.birthday_reward;
  if (gift.kind === "points") lines.push(`生日禮 ${gift.amount} 點`);
  else if (gift.kind === "wallet") lines.push(`生日禮 購物金 ${formatMoney(gift.amount)}`);
  else if (gift.kind === "coupon") lines.push("生日禮 優惠券");
  return lines;
}
