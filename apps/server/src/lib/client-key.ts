import { isIPv4, isIPv6 } from "node:net";

/**
 * The key a per-client limit counts on (decision 77): an IPv4 address as it is, an IPv6 address by
 * its /64 — one subscriber's line or one cloud server gets a whole /64, so counting single IPv6
 * addresses would give one client 2^64 fresh allowances.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("%")[0]?.split("::") ?? [];
  const left = head ? head.split(":") : [];
  const right = ip.includes("::") && tail ? tail.split(":") : [];
  // A dotted IPv4 tail (::ffff:… aside) is two groups of the interface half.
  const rightGroups = right.flatMap((g) => (g.includes(".") ? ["0", "0"] : [g]));
  const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - rightGroups.length).fill("0"), ...rightGroups] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || "0", 16).toString(16))
    .join(":")}::/64`;
}
