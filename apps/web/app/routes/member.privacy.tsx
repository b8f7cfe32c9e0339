import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { PersonalDataOverview } from "@shop/contract";
import { useState } from "react";
import { MemberLoadError, memberRead } from "../features/member/member-read";
import { CloseAccountSection, DownloadSection, type PrivacyBusy } from "../features/member/PrivacySections";
import { memberTitle } from "../features/member/server-text";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member.privacy";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`個人資料`) },
  { name: "robots", content: "noindex" },
];

export async function clientLoader() {
  return { data: await memberRead<PersonalDataOverview>("/api/user/personal_data") };
}
export { MemberLoadError as ErrorBoundary };

/**
 * /member/privacy (ours, decision 78): the member's rights under 個資法 — download a copy of
 * everything the shop holds about them (JSON, or CSV for a spreadsheet), and close the account,
 * confirmed by the password or, without one, a code sent to their phone. What stops closing now
 * and what it gives up are the server's answer.
 */
export default function MemberPrivacy({ loaderData }: Route.ComponentProps) {
  const { data } = loaderData;
  // One thing at a time: a download and closing wait for each other.
  const [busy, setBusy] = useState<PrivacyBusy>(null);
  const { t } = useLingui();
  return (
    <div className="space-y-5">
      <section className="card">
        <h1 className="text-xl font-bold text-stone-800">{t`個人資料`}</h1>
        <p className="mt-2 text-stone-600">
          {t`依個人資料保護法，您可以隨時下載本商城保存的您的個人資料，或註銷帳號並刪除個人資料。詳見`}
          <ShopLink to="/policy" className="ml-1 text-tea-700 underline">
            {t`隱私權政策`}
          </ShopLink>
          {t`。`}
        </p>
      </section>

      <DownloadSection data={data} busy={busy} setBusy={setBusy} />

      <CloseAccountSection data={data} busy={busy} setBusy={setBusy} />
    </div>
  );
}
