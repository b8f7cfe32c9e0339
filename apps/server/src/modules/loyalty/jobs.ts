import type { JobsService } from "../jobs/service.js";
import type { LoyaltyService } from "./service.js";

/** The loyalty module's background work: a closed month's team points settled once (decision 29). */
export function registerLoyaltyJobs(jobs: Pick<JobsService, "register">, loyalty: Pick<LoyaltyService, "settleDueMonth">) {
  jobs.register("loyalty.settle_month", () => loyalty.settleDueMonth());
}
