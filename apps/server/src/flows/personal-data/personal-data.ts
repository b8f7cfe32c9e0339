import type { CatalogueService } from "../../modules/catalogue/service.js";
import type { JobsService } from "../../modules/jobs/service.js";
import type { Member } from "../../modules/members/service.js";
import { type ClosingDeps, createClosing } from "./closing.js";
import { collectExport, exportCsv } from "./export.js";
import { createGuestRetention } from "./retention.js";

/**
 * A member's personal data across the modules (個資法 art. 3, 10, 11; decision 78): their copy of
 * it (JSON or CSV), closing the account (by them, or by staff on their request), and the guest-order
 * retention sweep. Every export and erasure is recorded (member_data_requests).
 */
export function createPersonalData(
  d: ClosingDeps & {
    catalogue: Pick<CatalogueService, "productNames" | "variantsForCart">;
    guestRetentionYears: number;
    now: () => Date;
  },
) {
  const closing = createClosing(d);
  return {
    ...closing,

    async overview(member: Member) {
      const exports = await d.parts.members.requests(member.id, ["export"]);
      return {
        ...(await closing.overview(member)),
        exports: exports.slice(0, 5).map((r) => ({ format: String(r.detail.format ?? ""), at: r.at })),
      };
    },

    /** The member's copy as a file's text (recorded before it is handed over). */
    async export(memberId: number, format: "json" | "csv", ip: string): Promise<string> {
      const data = await collectExport(d.parts, d.catalogue, memberId, { shop: d.brandName, at: d.now() });
      await d.parts.members.record(d.db, { memberId, kind: "export", actor: `member:${memberId}`, detail: { format }, ip });
      return format === "json" ? `${JSON.stringify(data, null, 2)}\n` : exportCsv(data);
    },

    guestRetention: createGuestRetention({ db: d.db, parts: d.parts, years: d.guestRetentionYears, now: d.now }),
  };
}

export type PersonalData = ReturnType<typeof createPersonalData>;

/** The flow's background work: guest orders past GUEST_DATA_RETENTION_YEARS have their personal fields masked, daily. */
export function registerPersonalDataJobs(
  jobs: Pick<JobsService, "register">,
  personalData: Pick<PersonalData, "guestRetention">,
) {
  jobs.register("personal_data.guest_retention", () => personalData.guestRetention.sweep());
}
