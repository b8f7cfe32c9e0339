import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { shopScope } from "../../lib/shop";
import { read, write } from "../../lib/storage";

/** Android's install prompt, kept until the shopper has seen a page or two. */
interface InstallPrompt extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}
let installPrompt: InstallPrompt | undefined;
/**
 * Caught as this lazily loaded code starts (before it registers the worker on a first visit, so
 * before Chrome can offer). On a later visit Chrome may offer before this code is up: then its own
 * mini-infobar shows, Android's habit — the first-load budget has no room for an earlier listener.
 */
if (typeof window !== "undefined")
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    installPrompt = event as InstallPrompt;
  });

/** Offline, a price on a page kept from before may have changed (`mark`: the words after it). */
const offlineMarks = (mark: string) =>
  `html[data-offline] .price::after{content:${JSON.stringify(mark)};margin-left:.25rem;font-size:.75rem;font-weight:400;color:#78350f;white-space:nowrap}`;

/** Pages seen before an install prompt or hint (never on the first). */
const VIEWS_BEFORE_PROMPT = 2;
/** A dismissed Android prompt stays away this long. */
const PROMPT_PAUSE_MS = 30 * 86_400_000;

const standalone = () =>
  window.matchMedia?.("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true;
const iPhoneSafari = () => /iPhone|iPad|iPod/.test(navigator.userAgent) && !/CriOS|FxiOS|Line\//.test(navigator.userAgent);

/**
 * The shop as an app on the phone (decision 108): the service worker, the notice while offline
 * (prices on the pages kept from before are marked as possibly out of date through
 * `html[data-offline]`), and — from the second page on — Android's install prompt or, on an
 * iPhone, a one-time hint for 加入主畫面.
 */
export function HomeScreen({ pathname, shop }: { pathname: string; shop: { id: number; name: string } | null }) {
  const { t } = useLingui();
  // Its own listener, not online.ts's hook: another module for this lazily loaded code would add its
  // name to the list every first page loads, and the listing page is at its 120 KB budget.
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  const [offer, setOffer] = useState<"android" | "ios" | null>(null);
  const shopName = shop?.name ?? "";

  // The shop's manifest and the worker come with this lazily loaded code: the first-load budget
  // (120 KB) has no room for them, and a phone offers to install only after a page anyway.
  useEffect(() => {
    if (!shop) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) {
      link = document.createElement("link");
      link.rel = "manifest";
      document.head.append(link);
    }
    link.href = `${shopScope(shop.id).base}/manifest.webmanifest`;
    if (!import.meta.env.DEV && "serviceWorker" in navigator) void navigator.serviceWorker.register("/sw.js").catch(() => {});
  }, [shop]);

  useEffect(() => {
    if (online) delete document.documentElement.dataset.offline;
    else {
      document.documentElement.dataset.offline = "1";
      // The mark's style comes with this lazily loaded code, not in every page's first-load CSS.
      let style = document.getElementById("offline-marks");
      if (!style) {
        style = document.createElement("style");
        style.id = "offline-marks";
        document.head.append(style);
      }
      // Written again when the page's English arrives after the notice.
      style.textContent = offlineMarks(t`（可能非最新）`);
    }
  }, [online, t]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: counted once per page, by design
  useEffect(() => {
    const views = Number(read("local", "page_views") ?? 0) + 1;
    write("local", "page_views", String(views));
    if (views < VIEWS_BEFORE_PROMPT || standalone()) return;
    if (installPrompt && Date.now() > Number(read("local", "install_prompt_paused_until") ?? 0)) setOffer("android");
    else if (iPhoneSafari() && !read("local", "ios_install_hint_seen")) setOffer("ios");
  }, [pathname]);

  const close = () => {
    if (offer === "ios") write("local", "ios_install_hint_seen", "1");
    else write("local", "install_prompt_paused_until", String(Date.now() + PROMPT_PAUSE_MS));
    setOffer(null);
  };
  const install = async () => {
    const prompt = installPrompt;
    installPrompt = undefined;
    setOffer(null);
    if (!prompt) return;
    await prompt.prompt();
    if ((await prompt.userChoice).outcome === "dismissed") close();
  };

  return (
    <>
      {!online && (
        <p
          role="status"
          className="fixed inset-x-0 top-0 z-50 truncate bg-amber-100 px-3 py-1 text-center text-xs text-amber-950 shadow"
          data-testid="offline-notice"
        >
          {t`離線中：價格與庫存可能已變動，結帳需要網路連線`}
        </p>
      )}
      {offer && online && (
        <div
          role="dialog"
          aria-label={t`加入主畫面`}
          className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-md rounded-xl bg-white p-4 shadow-lg ring-1 ring-stone-200"
        >
          <p className="text-stone-800">
            {offer === "android"
              ? t`把「${shopName}」加到主畫面，下次一鍵開啟。`
              : t`把「${shopName}」加入主畫面：點選 Safari 下方的分享按鈕，再選「加入主畫面」。`}
          </p>
          <div className="mt-3 flex justify-end gap-3">
            <button type="button" onClick={close} className="min-h-11 px-3 text-stone-600">
              {offer === "android" ? t`不用了` : t`知道了`}
            </button>
            {offer === "android" && (
              <button type="button" onClick={() => void install()} className="btn-primary">
                {t`加到主畫面`}
              </button>
            )}
          </div>
        </div>
      )}
    </>
  );
}
