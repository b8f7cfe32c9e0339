import type { Lang } from "@shop/contract";
import type { RewardsSettings, RewardView } from "@shop/contract/admin";
import { formatMoney } from "@shop/contract/format";
import type { Db, Tx } from "../../db/client.js";
import { unprocessable } from "../../lib/errors.js";
import type { JobsService } from "../../modules/jobs/service.js";
import type { LoyaltyService } from "../../modules/loyalty/service.js";
import type { MembersService } from "../../modules/members/service.js";
import type { NotificationsService } from "../../modules/notifications/service.js";
import type { MessageTemplates } from "../../modules/notifications/templates.js";
import type { Actor } from "../../modules/staff/audit.js";
import type { StaffService } from "../../modules/staff/service.js";
import { type Reward, rewardOf, rewardView, type TierRewards } from "../../modules/tiers/rewards.js";

/** Members looked at per page of the birthday job. */
const PAGE = 200;

export interface MemberRewardsDeps {
  db: Db;
  rewards: TierRewards;
  members: Pick<MembersService, "bornIn" | "addressee" | "setBirthday" | "correctBirthday">;
  loyalty: Pick<LoyaltyService, "changePoints" | "changeWallet" | "issueCoupons" | "couponTitles" | "rewardCoupons">;
  notifications: Pick<NotificationsService, "notify">;
  templates: Pick<MessageTemplates, "render">;
  staff: Pick<StaffService, "record">;
  brandName: string;
  now: () => Date;
}

/** Year and month ("2026", "11") in Asia/Taipei. */
function taipeiYearMonth(at: Date) {
  const [year = "", month = ""] = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Taipei", year: "numeric", month: "2-digit" })
    .format(at)
    .split("-");
  return { year, month };
}

/** What a reward is, in the member's words. */
function rewardText(r: Reward, couponTitle?: string, lang: Lang = "zh-TW") {
  if (lang === "en") {
    if (r.kind === "points") return `${r.amount.toLocaleString("en-US")} point${r.amount === 1 ? "" : "s"}`;
    if (r.kind === "wallet") return `${formatMoney(r.amount)} in shopping credit`;
    if (r.kind === "coupon")
      return `the coupon “${couponTitle ?? "Birthday coupon"}” (valid for ${r.validDays} day${r.validDays === 1 ? "" : "s"})`;
    return "";
  }
  if (r.kind === "points") return `${r.amount.toLocaleString("en-US")} 點`;
  if (r.kind === "wallet") return `購物金 ${formatMoney(r.amount)}`;
  if (r.kind === "coupon") return `優惠券「${couponTitle ?? "生日優惠券"}」（${r.validDays} 天內有效）`;
  return "";
}

/**
 * Birthday and welcome rewards (decision 95), across tiers (what is given, and the grants),
 * members (who, and when they were born), loyalty (points, 購物金, coupons) and notifications.
 * Each reward is claimed (a unique grant row) and given in one transaction: once per member and
 * period, whichever instance runs the job, however often.
 */
export function createMemberRewards(d: MemberRewardsDeps) {
  async function give(tx: Tx, memberId: number, r: Reward, ref: string, why: string) {
    if (r.kind === "points") await d.loyalty.changePoints(tx, memberId, r.amount, why, ref);
    else if (r.kind === "wallet") await d.loyalty.changeWallet(tx, memberId, r.amount, why, ref);
    else if (r.kind === "coupon")
      await d.loyalty.issueCoupons(tx, memberId, [r.couponId], new Date(d.now().getTime() + r.validDays * 86_400_000));
  }

  async function couponTitle(r: Reward) {
    return r.kind === "coupon" ? (await d.loyalty.couponTitles([r.couponId])).get(r.couponId) : undefined;
  }

  async function checkedReward(v: RewardView) {
    const r = rewardOf(v);
    if (r.kind === "coupon" && !(await couponTitle(r))) throw unprocessable("COUPON_NOT_FOUND", "找不到此優惠券");
    return r;
  }

  return {
    /** The welcome gift, inside the registration's transaction (nothing when staff set none). */
    async welcome(tx: Tx, memberId: number) {
      const r = await d.rewards.welcomeReward(tx);
      if (r.kind === "none" || !(await d.rewards.claim(tx, memberId, "welcome", "once", r))) return;
      await give(tx, memberId, r, "reward:welcome", "新會員見面禮");
      // In the language of the page they registered on (decision 109).
      const { lang } = await d.members.addressee(memberId, tx);
      const gift = rewardText(r, await couponTitle(r), lang);
      await d.notifications.notify(tx, memberId, {
        kind: "system",
        title: lang === "en" ? "Welcome! Your new-member gift has arrived" : "歡迎加入！新會員見面禮已送達",
        body: lang === "en" ? `We have given you ${gift}.` : `已送您 ${gift}。`,
        link: r.kind === "coupon" ? "/member/coupon" : r.kind === "points" ? "/member/point" : "/member/wallet",
        key: `reward:welcome:${memberId}`,
      });
    },

    /** The birthday job: members born this month (Asia/Taipei) get their level's gift once this year. Returns how many. */
    async sendBirthdays(): Promise<number> {
      const { year, month } = taipeiYearMonth(d.now());
      let given = 0;
      for (let after = 0; ; ) {
        const page = await d.members.bornIn(month, after, PAGE);
        if (page.length === 0) return given;
        after = page[page.length - 1]?.id ?? after;
        const done = await d.rewards.granted(
          "birthday",
          year,
          page.map((m) => m.id),
        );
        for (const m of page.filter((p) => !done.has(p.id))) if (await this.birthday(m.id, year)) given++;
      }
    },

    /** One member's birthday gift for a year; false when their level gives none or it was given already. */
    async birthday(memberId: number, year: string): Promise<boolean> {
      const level = await d.rewards.levelOf(memberId);
      const r = level?.birthdayReward ?? ({ kind: "none" } as Reward);
      if (r.kind === "none") return false;
      const title = await couponTitle(r);
      // In the language the member last signed in on (decision 109).
      const { name, lang } = await d.members.addressee(memberId);
      return d.db.transaction(async (tx) => {
        if (!(await d.rewards.claim(tx, memberId, "birthday", year, r))) return false;
        await give(tx, memberId, r, `reward:birthday:${year}`, `${year} 生日禮`);
        const gift = rewardText(r, title, lang);
        const details =
          lang === "en"
            ? `Happy birthday! ${d.brandName} gives you ${gift}. Thank you for being with us.`
            : `祝您生日快樂！${d.brandName} 送您 ${gift}，感謝您一直以來的支持。`;
        const message = await d.templates.render(tx, "birthday", lang, { member: name, brand: d.brandName, details });
        await d.notifications.notify(tx, memberId, {
          kind: "system",
          title: message.title,
          body: message.body,
          link: r.kind === "coupon" ? "/member/coupon" : r.kind === "points" ? "/member/point" : "/member/wallet",
          key: `reward:birthday:${memberId}:${year}`,
        });
        return true;
      });
    },

    /** The member sets their birthday once; a birthday this month is given on the job's next run. */
    setBirthday: (memberId: number, birthday: string) => d.members.setBirthday(memberId, birthday),

    /** Staff correct a member's birthday (audited). */
    correctBirthday(actor: Actor, memberId: number, birthday: string | null) {
      return d.db.transaction(async (tx) => {
        const change = await d.members.correctBirthday(tx, memberId, birthday);
        await d.staff.record(tx, actor, { action: "member.birthday", entity: "member", entityId: memberId, ...change });
        return { birthday };
      });
    },

    async settings(): Promise<RewardsSettings> {
      return {
        welcome: rewardView(await d.rewards.welcomeReward()),
        levels: (await d.rewards.levelRewards()).map((l) => ({
          id: l.id,
          name: l.name,
          active: l.active,
          birthday: rewardView(l.birthdayReward),
        })),
        coupons: await d.loyalty.rewardCoupons(),
      };
    },

    async setWelcome(actor: Actor, v: RewardView) {
      const r = await checkedReward(v);
      await d.db.transaction(async (tx) => {
        const change = await d.rewards.setWelcomeReward(tx, r);
        await d.staff.record(tx, actor, { action: "reward.welcome", entity: "tier_settings", entityId: 1, ...change });
      });
    },

    async setBirthdayReward(actor: Actor, tierId: number, v: RewardView) {
      const r = await checkedReward(v);
      await d.db.transaction(async (tx) => {
        const change = await d.rewards.setBirthdayReward(tx, tierId, r);
        await d.staff.record(tx, actor, {
          action: "reward.birthday",
          entity: "member_tier",
          entityId: tierId,
          before: change.before,
          after: change.after,
        });
      });
    },
  };
}

export type MemberRewards = ReturnType<typeof createMemberRewards>;

export const BIRTHDAY_JOB = "tiers.birthdays";

/** The flow's background work: birthday gifts, looked for every few hours (background-work.ts schedules it). */
export function registerMemberRewardJobs(jobs: Pick<JobsService, "register">, flow: Pick<MemberRewards, "sendBirthdays">) {
  jobs.register(BIRTHDAY_JOB, () => flow.sendBirthdays());
}
