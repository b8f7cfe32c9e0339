import { cardExpiryProblem, cardNumberProblem } from "@shop/contract/card";
import { forwardRef, useEffect, useImperativeHandle, useState } from "react";
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
            ccv: { element: "#tappay-ccv", placeholder: "後三碼" },
          },
        });
      })
      .catch(() => setSdkError("刷卡元件載入失敗，請重新整理或改用其他付款方式"));
  }, [config]);

  useImperativeHandle(ref, () => ({
    async getPrime() {
      if (config.simulated) {
        // As TapPay's own fields do before a prime: the check digit, an expiry in the past.
        const found = {
          number: cardNumberProblem(number) ?? undefined,
          expiry: cardExpiryProblem(expiry) ?? undefined,
          ccv: /^\d{3,4}$/.test(ccv.trim()) ? undefined : ccv.trim() ? "安全碼為 3 或 4 位數字" : "請輸入安全碼",
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
      if (!tp) return { error: sdkError ?? "刷卡元件尚未載入完成" };
      const state = tp.card.getTappayFieldsStatus().status;
      const problem = (s: number, empty: string, wrong: string) => (s === 1 ? empty : s === 2 || s === 3 ? wrong : undefined);
      const found = {
        number: problem(state.number, "請輸入卡號", "卡號有誤，請再確認"),
        expiry: problem(state.expiry, "請輸入有效期限", "有效期限有誤或信用卡已過期"),
        ccv: problem(state.ccv, "請輸入安全碼", "安全碼有誤"),
      };
      setErrors(found);
      const first = found.number ?? found.expiry ?? found.ccv;
      if (first) return { error: first, inline: true };
      return new Promise((resolve) => {
        tp.card.getPrime((result) =>
          resolve(result.status === 0 ? { prime: result.card.prime } : { error: "信用卡資料有誤，請再確認" }),
        );
      });
    },
  }));

  if (!config.simulated) {
    return (
      <div className="grid gap-3 sm:grid-cols-3">
        {sdkError && <p className="field-error sm:col-span-3">{sdkError}</p>}
        <div className="sm:col-span-3">
          <span className="field-label">卡號</span>
          <div id="tappay-number" className="input h-11" />
          {errors.number && <p className="field-error">{errors.number}</p>}
        </div>
        <div>
          <span className="field-label">有效期限</span>
          <div id="tappay-expiry" className="input h-11" />
          {errors.expiry && <p className="field-error">{errors.expiry}</p>}
        </div>
        <div>
          <span className="field-label">安全碼</span>
          <div id="tappay-ccv" className="input h-11" />
          {errors.ccv && <p className="field-error">{errors.ccv}</p>}
        </div>
      </div>
    );
  }
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-3">
      <p className="mb-2 text-sm text-amber-900">
        <strong className="mr-1 rounded bg-amber-700 px-1.5 py-0.5 text-xs text-white">測試模式</strong>
        不會實際扣款。測試卡號：4242 4242 4242 4242 成功、4000 0000 0000 3220 需 3D 驗證、4000 0000 0000 0002 授權失敗。
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="sm:col-span-3">
          <Field
            id="card-number"
            label="卡號"
            inputMode="numeric"
            autoComplete="cc-number"
            value={number}
            error={errors.number}
            onChange={(e) => setNumber(e.target.value)}
          />
        </div>
        <Field
          id="card-expiry"
          label="有效期限（MM/YY）"
          autoComplete="cc-exp"
          value={expiry}
          error={errors.expiry}
          onChange={(e) => setExpiry(e.target.value)}
        />
        <Field
          id="card-ccv"
          label="安全碼"
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
