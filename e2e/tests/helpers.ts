import type { APIRequestContext, Browser } from "@playwright/test";

let n = 0;
/** A phone number unlikely to exist in the demo data or another run. */
export function newPhone(): string {
  n++;
  return `097${String((Date.now() + n * 7777) % 10_000_000).padStart(7, "0")}`;
}

/** Reads the last SMS code the test-mode server captured for a phone. */
export async function captchaFor(request: APIRequestContext, phone: string): Promise<string> {
  // The last verification code: an order's own SMS goes out through the outbox and may land after it.
  // Callers wait for the send to be answered; a short poll still covers a slow capture.
  for (let tries = 0; tries < 20; tries++) {
    const res = await request.get(`/api/test/sms/last?phone=${phone}&code=1`);
    const body = (await res.json()) as { data: { text: string } | null };
    const code = body.data && /驗證碼為 (\d{6})/.exec(body.data.text)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code in SMS to ${phone}`);
}

export const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

/** A phone (Android Chrome's user agent, so the server picks the mobile layout) in a context of its own. */
export async function phonePage(browser: Browser) {
  const context = await browser.newContext({
    userAgent: PHONE_UA,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  return { context, page: await context.newPage() };
}
