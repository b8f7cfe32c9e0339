import type { Config } from "../lib/config/index.js";
import type { StaffService } from "../modules/staff/service.js";

/**
 * What a production start says when no active owner exists (a new shop: production seeds no
 * staff), naming the command that makes one; undefined otherwise. A warning, not a refusal
 * (decision 73): the storefront does not need the back office to serve, an orchestrator would
 * restart a refusing instance in a loop, and the command runs without the server.
 */
export async function noOwnerWarning(
  config: Pick<Config, "NODE_ENV">,
  staff: Pick<StaffService, "hasActiveOwner">,
): Promise<string | undefined> {
  if (config.NODE_ENV !== "production" || (await staff.hasActiveOwner())) return undefined;
  return (
    "No active owner: nobody can sign in to the back office (/admin). Create the first owner with " +
    "`npm run owner:create -- --username <name>` (in the image: `node apps/server/dist/cli.mjs owner-create --username <name>`)."
  );
}
