import { msg } from "@lingui/core/macro";
import { formatMoney } from "@shop/contract/format";
import type { TierPerks } from "@shop/contract/loyalty";
import type { MessageDescriptor } from "../../i18n/runtime";

type Translate = (descriptor: MessageDescriptor) => string;

/** 10% off reads 9 折, 15% off 85 折 (how Taiwanese shops say it); English says the percentage off. */
const zhe = (percentOff: number) => {
  const pay = 100 - percentOff;
  return pay % 10 === 0 ? pay / 10 : pay;
};

/** What a level gives, one short line each (decision 94), in the page's language (`t` of useLingui). */
export function perkLines(t: Translate, l: TierPerks): string[] {
  const lines: string[] = [];
  const percent = l.discount_percent;
  const rate = zhe(percent);
  lines.push(percent > 0 ? t(msg`全館商品 ${rate} 折（優惠後再折 ${percent}%）`) : t(msg`全館商品原價（無等級折扣）`));
  const multiplier = l.points_multiplier / 100;
  lines.push(l.points_multiplier > 100 ? t(msg`購物點數 ×${multiplier}`) : t(msg`購物點數 ×1`));
  const threshold = l.free_shipping_threshold;
  if (threshold !== null) {
    const minimum = formatMoney(threshold);
    lines.push(threshold === 0 ? t(msg`宅配、超商免運`) : t(msg`滿 ${minimum} 免運`));
  }
  const gift = l.birthday_reward;
  if (gift.kind === "points") {
    const points = gift.amount;
    lines.push(t(msg`生日禮 ${points} 點`));
  } else if (gift.kind === "wallet") {
    const credit = formatMoney(gift.amount);
    lines.push(t(msg`生日禮 購物金 ${credit}`));
  } else if (gift.kind === "coupon") lines.push(t(msg`生日禮 優惠券`));
  return lines;
}
