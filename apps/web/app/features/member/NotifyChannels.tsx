import { useLingui } from "@lingui/react/macro";
import type { NotifyChannels as Channels } from "@shop/contract/responses";
import { useState } from "react";
import { api } from "../../lib/api";
import { ShopLink } from "../../ui/ShopLink";
import { memberReadOr } from "./member-read";

/** The member's channels, for the clientLoader of the page that shows them: null (nothing shown) when refused. */
export function readNotifyChannels(): Promise<Channels | null> {
  return memberReadOr<Channels, null>("/api/user/notify_channels", {}, null);
}

/**
 * 通知方式: LINE and e-mail for order updates, saved as each box changes. The site's notices always
 * stay. The page's loader reads them; after a change the boxes follow the server's answer.
 */
export function NotifyChannels({ initial }: { initial: Channels | null }) {
  const { t } = useLingui();
  const [answer, setAnswer] = useState<Channels | null>(null);
  const [said, setSaid] = useState("");
  const channels = answer ?? initial;
  if (!channels) return null;

  async function toggle(change: Partial<Pick<Channels, "line" | "email" | "cart_reminders">>) {
    if (!channels) return;
    const r = await api<Channels>("/api/user/notify_channels", {
      body: { line: channels.line, email: channels.email, cart_reminders: channels.cart_reminders, ...change },
    });
    if (r.status) setAnswer(r.data);
    setSaid(r.message);
  }

  return (
    <fieldset className="mb-6 rounded border border-stone-200 p-4" data-testid="notify-channels">
      <legend className="px-1 font-medium text-stone-800">{t`通知方式`}</legend>
      <p className="mb-2 text-sm text-stone-600">{t`訂單成立、付款、出貨、到店與退款時，除了站內通知，也用以下方式通知您：`}</p>
      {channels.line_offered && (
        <label className="flex items-center gap-2 py-1">
          <input
            type="checkbox"
            checked={channels.line && channels.line_bound}
            disabled={!channels.line_bound}
            onChange={(e) => void toggle({ line: e.target.checked })}
          />
          {t`LINE 訊息`}
          {!channels.line_bound && (
            <span className="text-sm text-stone-500">
              {t`（尚未綁定 LINE，`}
              <ShopLink to="/member/account_binding" className="underline">
                {t`前往綁定`}
              </ShopLink>
              {t`）`}
            </span>
          )}
        </label>
      )}
      <label className="flex items-center gap-2 py-1">
        <input type="checkbox" checked={channels.email} onChange={(e) => void toggle({ email: e.target.checked })} />
        {t`電子郵件`}
        {!channels.has_email && <span className="text-sm text-stone-500">{t`（將寄到結帳時填寫的信箱）`}</span>}
      </label>
      <label className="mt-2 flex items-center gap-2 border-t border-stone-100 py-1 pt-3">
        <input
          type="checkbox"
          checked={channels.cart_reminders}
          onChange={(e) => void toggle({ cart_reminders: e.target.checked })}
        />
        {t`購物車提醒`}
        <span className="text-sm text-stone-500">{t`（購物車商品放置一段時間未結帳時，提醒您一次）`}</span>
      </label>
      <p role="status" className="min-h-5 text-sm text-emerald-700">
        {said}
      </p>
    </fieldset>
  );
}
