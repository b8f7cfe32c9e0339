import { rewardInput, rewardsSettings, staffBirthdayInput } from "@shop/contract/admin";
import { answers } from "@shop/contract/responses";
import { z } from "zod";
import type { MemberRewards } from "../../flows/member-rewards/member-rewards.js";
import { ok } from "../../lib/http.js";
import type { AdminApp, AdminRouteKit } from "./route-kit.js";
import { idParam } from "./route-kit.js";

/** Back office: 生日禮／新會員禮 (decision 95) and a member's birthday corrected by staff. */
export function rewardsAdminRoutes(app: AdminApp, { actor }: AdminRouteKit, memberRewards: MemberRewards) {
  const settings = () => memberRewards.settings();
  app.get("/admin/rewards", { schema: { response: answers(rewardsSettings) } }, async () => ok(await settings()));
  app.put("/admin/rewards/welcome", { schema: { body: rewardInput, response: answers(rewardsSettings) } }, async (req) => {
    await memberRewards.setWelcome(actor(req), req.body);
    return ok(await settings(), "新會員禮已儲存");
  });
  app.put(
    "/admin/rewards/levels/:id",
    { schema: { params: idParam, body: rewardInput, response: answers(rewardsSettings) } },
    async (req) => {
      await memberRewards.setBirthdayReward(actor(req), req.params.id, req.body);
      return ok(await settings(), "生日禮已儲存");
    },
  );
  app.put(
    "/admin/members/:id/birthday",
    { schema: { params: idParam, body: staffBirthdayInput, response: answers(z.object({ birthday: z.string().nullable() })) } },
    async (req) => ok(await memberRewards.correctBirthday(actor(req), req.params.id, req.body.birthday), "生日已更正"),
  );
}
