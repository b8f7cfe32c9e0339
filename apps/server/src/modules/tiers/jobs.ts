import type { JobsService } from "../jobs/service.js";
import type { TiersService } from "./service.js";

export const TIER_EVALUATION_JOB = "tiers.evaluate_due";

/** The tiers module's background work: members whose level's period ended are renewed, raised or lowered (decision 94). */
export function registerTierJobs(jobs: Pick<JobsService, "register">, tiers: Pick<TiersService, "evaluateDue">) {
  jobs.register(TIER_EVALUATION_JOB, () => tiers.evaluateDue());
}
