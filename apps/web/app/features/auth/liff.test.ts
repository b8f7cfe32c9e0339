import { describe, expect, it } from "vitest";
import { isLiffEntry, liffDestination } from "./liff";

describe("LIFF entry destinations", () => {
  const q = (s = "") => new URLSearchParams(s);
  it("maps each entry page to home, product, order, bonus, share and the account overview", () => {
    expect(liffDestination("liff_login_1", q())).toBe("/");
    expect(liffDestination("liff_login_2", q())).toBe("/product");
    expect(liffDestination("liff_login_3", q())).toBe("/member/buy_list");
    expect(liffDestination("liff_login_4", q())).toBe("/member/point");
    expect(liffDestination("liff_login_5", q())).toBe("/member/share");
    expect(liffDestination("Liff_AccountOverviewView", q())).toBe("/member/account_overview");
  });
  it("opens the product named by ?id= or ?product_id=, and ignores anything that is not an id", () => {
    expect(liffDestination("liff_login_2", q("id=12"))).toBe("/product/details?id=12");
    expect(liffDestination("liff_login_2", q("product_id=7"))).toBe("/product/details?id=7");
    expect(liffDestination("liff_login_2", q("id=//evil.example"))).toBe("/product");
    expect(liffDestination("liff_login_2", q("id=0"))).toBe("/product");
  });
  it("knows only the six entry pages", () => {
    expect(isLiffEntry("liff_login_6")).toBe(false);
    expect(isLiffEntry("toString")).toBe(false);
    expect(isLiffEntry("Liff_AccountOverviewView")).toBe(true);
  });
});
