import { describe, expect, test } from "vitest";
import { planRefund } from "../orders/refund-math.js";
import { allowanceLines, issueLines } from "./lines.js";

/** 加價購 and 滿額贈 lines on the invoice and in refunds (decision 93). */
describe("add-on and gift lines", () => {
  const order = {
    goodsAmount: 2000 + 99,
    discounts: [{ label: "滿千折百", amount: 100 }],
    discountTotal: 100,
    shippingFee: 0,
    pointsUsed: 0,
  };
  const items = [
    { name: "烏龍茶", variantName: "150g", price: 1000, qty: 2, kind: "goods" as const },
    { name: "茶杯", variantName: "", price: 99, qty: 1, kind: "addon" as const },
    { name: "茶包", variantName: "", price: 0, qty: 1, kind: "gift" as const },
  ];

  test("the invoice names them 加價購 and 贈品 (NT$0) and still adds up to the order", () => {
    const { lines, amount } = issueLines(order, items);
    expect(lines.map((l) => [l.name, l.price, l.amount])).toEqual([
      ["烏龍茶 150g", 1000, 2000],
      ["加價購 茶杯", 99, 99],
      ["贈品 茶包", 0, 0],
      ["折扣 滿千折百", -100, -100],
    ]);
    expect(amount).toBe(order.goodsAmount - order.discountTotal);
    for (const l of lines) expect(l.count * l.price).toBe(l.amount);
  });

  test("refunds: a gift gives back no money, every refund adds up to what was paid", () => {
    const lines = items.map((i, n) => ({ id: n + 1, variantId: n + 1, price: i.price, qty: i.qty, refundedQty: 0 }));
    const left = { money: 1999, wallet: 0, points: 0 };
    const gift = planRefund(lines, order, left, new Map([[3, 1]]));
    expect(gift).toMatchObject({ goodsValue: 0, money: 0, final: false });
    const all = planRefund(lines, order, left);
    expect(all).toMatchObject({ money: 1999, final: true });
    // The gift's allowance share is nothing: it has no value on the invoice.
    const allowance = allowanceLines(
      items.map((i) => ({ name: i.name, qty: i.qty, price: i.price })),
      all.money,
    );
    expect(allowance.reduce((s, l) => s + l.amount, 0)).toBe(1999);
    expect(allowance.some((l) => l.name === "茶包")).toBe(false);
  });
});
