import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { cardExpiryProblem, cardNumberProblem } from "@shop/contract/card";
import { forwardRef, useEffect, useImperativeHandle, useState } from "react";
import type { MessageDescriptor } from "../../i18n/runtime";
import { api } from "../../lib/api";
import { Field } from "../../ui/Field";

export interface CardConfig {
  simulated: boolean;
  app_id: string | null;
  app_key: string | null;
  server_type: "sandbox" | "production";
}

export interface CardFieldsHandle {
  /** The single-use prime for these card details, or an error message for the shopper. */
  getPrime(): Promise<{ prime: string } | { error: string; inline?: true }>;
}

interface TPDirectCard {
  setup(config: unknown): void;
  getPrime(callback: (result: { status: number; msg: string; card: { prime: string } }) => void): void;
  /** Each field's state: 0 complete, 1 empty, 2 error, 3 typing. */
  getTappayFieldsStatus(): { canGetPrime: boolean; status: { number: number; expiry: number; ccv: number } };
}
declare global {
  interface Window {
    TPDirect?: { setupSDK(appId: number, appKey: string, serverType: string): void; card: TPDirectCard } & Record<
      string,
      unknown
    >;
  }
}

/** What the contract's cardNumberProblem and cardExpiryProblem answer, in the page's language. */
const CARD_PROBLEMS: Record<string, MessageDescriptor> = {
  請輸入卡號: msg`請輸入卡號`,
  "卡號為 16 位數字": msg`卡號為 16 位數字`,
  "卡號有誤，請再確認": msg`卡號有誤，請再確認`,
  請輸入有效期限: msg`請輸入有效期限`,
  "有效期限格式為 MM/YY": msg`有效期限格式為 MM/YY`,
  "信用卡已過期，請確認有效期限": msg`信用卡已過期，請確認有效期限`,
};

const TAPPAY_SDK = "https://js.tappaysdk.com/sdk/tpdirect/v5.19.2";

/** TapPay's SDK, loaded once, only when a TapPay method is about to be used. */
export function loadTapPay(): Promise<void> {
  if (window.TPDirect) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = TAPPAY_SDK;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("TapPay SDK failed to load"));
    document.head.appendChild(script);
  });
}

/**
 * Card entry. With TapPay configured, TapPay's own hosted fields (the card number never touches
 * our pages or server; the SDK loads only when this form opens). In 測試模式, plain fields that
 * the shop's TapPay simulator turns into a prime.
 */
export const CardFields = forwardRef<CardFieldsHandle, { config: CardConfig }>(function CardFields({ config }, ref) {
  const { t } = useLingui();
  const problem = (found: string | null) => {
    if (!found) return undefined;
    const descriptor = CARD_PROBLEMS[found];
    return descriptor ? t(descriptor) : found;
  };
  // Strings, the same on every render of a page (its language is set once): the effect still runs once per configuration.
  const ccvPlaceholder = t`後三碼`;
  const sdkFailed = t`刷卡元件載入失敗，請重新整理或改用其他付款方式`;
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [ccv, setCcv] = useState("");
  const [sdkError, setSdkError] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ number?: string; expiry?: string; ccv?: string }>({});

  useEffect(() => {
    if (config.simulated || !config.app_id || !config.app_key) return;
    loadTapPay()
      .then(() => {
        const tp = window.TPDirect;
        if (!tp) throw new Error("no TPDirect");
        tp.setupSDK(Number(config.app_id), config.app_key ?? "", config.server_type);
        tp.card.setup({
          fields: {
            number: { element: "#tappay-number", placeholder: "**** **** **** ****" },
            expirationDate: { element: "#tappay-expiry", placeholder: "MM / YY" },
            ccv: { element: "#tappay-ccv", placeholder: ccvPlaceholder },
          },
        });
      })
      .catch(() => setSdkError(sdkFailed));
  }, [config, ccvPlaceholder, sdkFailed]);

  useImperativeHandle(ref, () => ({
    async getPrime() {
      if (config.simulated) {
        // As TapPay's own fields do before a prime: the check digit, an expiry in the past.
        const found = {
          number: problem(cardNumberProblem(number)),
          expiry: problem(cardExpiryProblem(expiry)),
          ccv: /^\d{3,4}$/.test(ccv.trim()) ? undefined : ccv.trim() ? t`安全碼為 3 或 4 位數字` : t`請輸入安全碼`,
        };
        setErrors(found);
        const first = found.number ?? found.expiry ?? found.ccv;
        if (first) return { error: first, inline: true };
        const r = await api<{ prime: string }>("/api/payments/simulator/prime", {
          body: { card_number: number, expiry, ccv },
        });
        return r.status ? { prime: r.data.prime } : { error: r.message };
      }
      const tp = window.TPDirect;
      if (!tp) return { error: sdkError ?? t`刷卡元件尚未載入完成` };
      const state = tp.card.getTappayFieldsStatus().status;
      const fieldProblem = (s: number, empty: string, wrong: string) =>
        s === 1 ? empty : s === 2 || s === 3 ? wrong : undefined;
      const found = {
        number: fieldProblem(state.number, t`請輸入卡號`, t`卡號有誤，請再確認`),
        expiry: fieldProblem(state.expiry, t`請輸入有效期限`, t`有效期限有誤或信用卡已過期`),
        ccv: fieldProblem(state.ccv, t`請輸入安全碼`, t`安全碼有誤`),
      };
      setErrors(found);
      const first = found.number ?? found.expiry ?? found.ccv;
      if (first) return { error: first, inline: true };
      return new Promise((resolve) => {
        tp.card.getPrime((result) =>
          resolve(result.status === 0 ? { prime: result.card.prime } : { error: t`信用卡資料有誤，請再確認` }),
        );
      });
    },
  }));

  if (!config.simulated) {
    return (
      <div className="grid gap-3 sm:grid-cols-3">
        {sdkError && <p className="field-error sm:col-span-3">{sdkError}</p>}
        <div className="sm:col-span-3">
          <span className="field-label">{t`卡號`}</span>
          <div id="tappay-number" className="input h-11" />
          {errors.number && <p className="field-error">{errors.number}</p>}
        </div>
        <div>
          <span className="field-label">{t`有效期限`}</span>
          <div id="tappay-expiry" className="input h-11" />
          {errors.expiry && <p className="field-error">{errors.expiry}</p>}
        </div>
        <div>
          <span className="field-label">{t`安全碼`}</span>
          <div id="tappay-ccv" className="input h-11" />
          {errors.ccv && <p className="field-error">{errors.ccv}</p>}
        </div>
      </div>
    );
  }
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-3">
      <p className="mb-2 text-sm text-amber-900">
        <strong className="mr-1 rounded bg-amber-700 px-1.5 py-0.5 text-xs text-white">{t`測試模式`}</strong>
        {t`不會實際扣款。測試卡號：4242 4242 4242 4242 成功、4000 0000 0000 3220 需 3D 驗證、4000 0000 0000 0002 授權失敗。`}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="sm:col-span-3">
          <Field
            id="card-number"
            label={t`卡號`}
            inputMode="numeric"
            autoComplete="cc-number"
            value={number}
            error={errors.number}
            onChange={(e) => setNumber(e.target.value)}
          />
        </div>
        <Field
          id="card-expiry"
          label={t`有效期限（MM/YY）`}
          autoComplete="cc-exp"
          value={expiry}
          error={errors.expiry}
          onChange={(e) => setExpiry(e.target.value)}
        />
        <Field
          id="card-ccv"
          label={t`安全碼`}
          inputMode="numeric"
          autoComplete="cc-csc"
          value={ccv}
          error={errors.ccv}
          onChange={(e) => setCcv(e.target.value)}
        />
      </div>
    </div>
  );
});
