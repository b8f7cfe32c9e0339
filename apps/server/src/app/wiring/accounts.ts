import { createAccountNotices } from "../../flows/account-security/notices.js";
import { createMemberRewards, registerMemberRewardJobs } from "../../flows/member-rewards/member-rewards.js";
import { createMemberCare } from "../../modules/admin/member-care.js";
import { createAuthService } from "../../modules/auth/service.js";
import { createThirdPartySignIn } from "../../modules/auth/third-party.js";
import { createReferralsService } from "../../modules/members/referrals.js";
import { createPayoutService } from "../../modules/payout/service.js";
import { createTierRewards } from "../../modules/tiers/rewards.js";
import { BRAND_NAME } from "../shop-essentials.js";
import type { Foundation } from "./foundation.js";

/** Signing in, the account's own security notices, third-party sign-in, payouts and referrals. */
export function wireAccounts(base: Foundation) {
  const { db, config, sms, limiter, providers, now } = base.deps;
  const { members, shops, notifications, identities, loyalty, catalogue, staff } = base;
  const auth = createAuthService({
    db,
    members,
    shops,
    sms,
    limiter,
    tokenTtlDays: config.TOKEN_TTL_DAYS,
    brandName: BRAND_NAME,
    smsCodesPerIpPerHour: config.SMS_CODES_PER_IP_PER_HOUR,
    // The member hears of a lock at once by SMS, and on the site, LINE and e-mail (decision 77).
    onLocked: (member, until) => accountNotices.locked(member, until),
    onRegistered: (tx, memberId) => memberRewards.welcome(tx, memberId),
    now,
  });
  // 生日禮 and 新會員禮 (decision 95): the welcome gift is given inside registration's transaction.
  const memberRewards = createMemberRewards({
    db,
    rewards: createTierRewards(db, base.clock),
    members,
    loyalty,
    notifications,
    templates: base.messageTemplates,
    staff,
    brandName: BRAND_NAME,
    now: base.clock,
  });
  registerMemberRewardJobs(base.jobs, memberRewards);
  const accountNotices = createAccountNotices({ db, notifications, members, brandName: BRAND_NAME });
  return {
    auth,
    memberRewards,
    accountNotices,
    thirdParty: createThirdPartySignIn({ db, providers: providers.signIn, auth, identities, onBound: accountNotices.bound, now }),
    memberCare: createMemberCare({ db, members, auth, staff, onPhoneChanged: accountNotices.phoneChanged }),
    payout: createPayoutService(db, loyalty, shops, notifications, now, auth.codes),
    referrals: createReferralsService(db, loyalty, catalogue, now),
  };
}

export type Accounts = ReturnType<typeof wireAccounts>;
