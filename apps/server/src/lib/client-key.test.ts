import { describe, expect, it } from "vitest";
import { clientKey } from "./client-key.js";

describe("clientKey", () => {
  it("keeps an IPv4 address, and one mapped into IPv6, as it is", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });
  it("counts IPv6 by its /64, however the address is written", () => {
    const one = [
      "2001:db8:1234:5678::1",
      "2001:db8:1234:5678:ffff:ffff:ffff:fffe",
      "2001:0DB8:1234:5678:0:0:0:9",
      "2001:db8:1234:5678:abcd::",
      "2001:db8:1234:5678::2%eth0",
    ].map(clientKey);
    expect(new Set(one)).toEqual(new Set(["2001:db8:1234:5678::/64"]));
    expect(clientKey("2001:db8:1234:5679::1")).toBe("2001:db8:1234:5679::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });
  it("leaves anything that is not an address alone", () => {
    expect(clientKey("unknown")).toBe("unknown");
  });
});
