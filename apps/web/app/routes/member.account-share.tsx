import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { useMember } from "../features/member/context";
import { memberTitle } from "../features/member/server-text";
import { ShareButtons } from "../features/member/share";
import { useShop } from "../lib/shop";
import { useAlerts } from "../ui/alerts";
import type { Route } from "./+types/member.account-share";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`分享邀請`) },
  { name: "robots", content: "noindex" },
];

/** /member/account_share: the member's invitation link as a QR code to show a friend's phone. */
export default function AccountShare() {
  const { t } = useLingui();
  const { user } = useMember();
  const shop = useShop();
  const alerts = useAlerts();
  const [link, setLink] = useState("");
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    const url = `${window.location.origin}${shop.path("/register")}?refcode=${encodeURIComponent(user.refcode)}`;
    setLink(url);
    // The QR library loads only on this page.
    let live = true;
    void import("qrcode")
      .then((QRCode) => QRCode.toDataURL(url, { width: 480, margin: 2, errorCorrectionLevel: "M" }))
      .then((data) => live && setQr(data));
    return () => {
      live = false;
    };
  }, [shop, user.refcode]);

  return (
    <section className="card text-center">
      <h1 className="text-xl font-bold text-stone-800">{t`分享邀請`}</h1>
      <p className="mt-2 text-stone-600">{t`請好友用手機掃描 QR Code 註冊，即成為您的推薦會員。`}</p>
      <div className="mx-auto mt-5 flex aspect-square w-60 items-center justify-center rounded-xl bg-white ring-1 ring-stone-200">
        {qr ? (
          <img src={qr} alt={t`邀請連結 QR Code：${link}`} width={240} height={240} className="h-full w-full" />
        ) : (
          <span role="status" className="text-stone-500">
            {t`產生中…`}
          </span>
        )}
      </div>
      <p className="mt-3 text-sm text-stone-500">
        {t`推薦碼`} <strong className="font-mono text-lg tracking-widest text-tea-800">{user.refcode}</strong>
      </p>
      <p className="mt-1 break-all text-xs text-stone-400" data-testid="invite-link">
        {link}
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        {link && <ShareButtons link={link} alerts={alerts} copied={t`已複製邀請連結`} />}
        {qr && (
          <a className="btn-secondary" href={qr} download={`invite-${user.refcode}.png`}>
            {t`下載 QR Code`}
          </a>
        )}
      </div>
    </section>
  );
}
