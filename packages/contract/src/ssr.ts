import type { Envelope } from "./envelope.js";

export interface ApiCall {
  method?: "GET" | "POST";
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  token?: string;
}

/** What the server hands every React Router loader (load context). */
// A type alias (not an interface) so it fits React Router's AppLoadContext index signature.
export type SsrContext = {
  /** Calls the shop's own API in-process (no network hop). */
  api<T>(path: string, call?: ApiCall): Promise<Envelope<T> & { httpStatus: number }>;
  /** Picked from the user-agent on the server, so the first paint has the right layout. */
  isMobile: boolean;
  /** Content-Security-Policy nonce for inline scripts. */
  nonce: string;
  /** True when no real payment/SMS/logistics provider is configured (UI shows 測試模式). */
  testMode: boolean;
  /** Apple Pay / Google Pay are TapPay's simulator (測試模式): their buttons show on any device. */
  walletSimulator?: boolean;
  /**
   * The site's configured origin (PUBLIC_URL) for canonical and Open Graph URLs; a request's own
   * Host header is used only without it (development), since cached pages would repeat it.
   */
  origin?: string;
  /**
   * Takes the finished document's bytes where the server sends them as they are (decision 69),
   * with the body-less Response the entry answers with: the server sends the bytes only if that
   * Response is the one it gets back. Absent (tests, benches), the Response's body carries them.
   */
  takeDocument?(document: Uint8Array, response: Response): void;
};

/** Phones and small tablets get the mobile layout (the specification picks by user-agent). */
export function isMobileUserAgent(ua: string | undefined): boolean {
  return /Mobi|Android|iPhone|iPod|IEMobile|Opera Mini|Line\//i.test(ua ?? "");
}
