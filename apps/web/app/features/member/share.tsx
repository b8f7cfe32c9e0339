import { useLingui } from "@lingui/react/macro";
import { lineShareUrl } from "@shop/contract/links";
import type { Alerts } from "../../ui/alerts";

/** Copies a link; where the clipboard is refused (old in-app browsers) the link is shown to copy by hand. */
export async function copyLink(alerts: Alerts, link: string, done: string) {
  try {
    await navigator.clipboard.writeText(link);
    alerts.toast(done);
  } catch {
    await alerts.remind(link);
  }
}

/** 複製連結 + 分享到 LINE for one link. */
export function ShareButtons({ link, alerts, copied }: { link: string; alerts: Alerts; copied: string }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn-secondary" onClick={() => void copyLink(alerts, link, copied)}>
        {t`複製連結`}
      </button>
      <a
        className="btn-primary bg-[#06c755] hover:bg-[#05b04b]"
        href={lineShareUrl(link)}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t`分享到 LINE`}
      </a>
    </div>
  );
}
