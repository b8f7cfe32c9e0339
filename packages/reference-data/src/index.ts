import data from "./banks.json" with { type: "json" };

import type { Bank, Branch } from "./types.js";

export type { Bank, Branch };

/** Institutions that can receive an interbank transfer, by 3-digit code (as text). */
export const BANKS: readonly Bank[] = data.banks;
const BRANCHES = data.branches as Record<string, Branch[]>;
const RETIRED = data.retired as Array<Bank & { mergedInto: string }>;

export function branchesOf(bankCode: string): readonly Branch[] {
  return BRANCHES[bankCode] ?? [];
}

export function findBranch(bankCode: string, branchCode: string): Branch | undefined {
  return branchesOf(bankCode).find((b) => b.branchCode === branchCode);
}

/** A bank's display name, including banks that merged away (an old saved account still shows). */
export function bankName(bankCode: string): string | undefined {
  return (BANKS.find((b) => b.bankCode === bankCode) ?? RETIRED.find((b) => b.bankCode === bankCode))?.bankName;
}

import postal from "./postal.json" with { type: "json" };

export interface PostalDistrict {
  zip: string;
  county: string;
  district: string;
}
/** Taiwan's 22 counties in the post office's order, and every district with its 3-digit code. */
export const COUNTIES: readonly string[] = postal.counties;
export const DISTRICTS: readonly PostalDistrict[] = postal.districts;

/** The district entry for a county + district (臺/台 written either way), or undefined. */
export function findDistrict(county: string, district: string): PostalDistrict | undefined {
  const norm = (s: string) => s.trim().replace(/^台/, "臺");
  return DISTRICTS.find((d) => d.county === norm(county) && d.district === district.trim());
}
