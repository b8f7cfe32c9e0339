import { z } from "../zod.js";
import { publicUser, signInProvider } from "./member.js";

/** Shapes of registration and sign-in, including LINE, Google and Facebook. */
const int = z.number().int();

/** A signed-in member: the bearer token and who they are. */
export const authResult = z.object({
  token: z.string(),
  user: publicUser,
});

/** register/user/sendCaptcha: the code is on its way; another may be asked for after this many seconds. */
export const captchaSent = z.object({ resend_after_s: int });

/** A provider offered on this shop's sign-in page. */
export const signInProviderView = z.object({
  provider: signInProvider,
  label: z.string(),
  /** The local simulator stands in for the provider (測試模式). */
  simulated: z.boolean(),
  client_id: z.string(),
});

export const signInOptions = z.object({
  providers: z.array(signInProviderView),
  /** LIFF app id, when LINE is offered. */
  liff_id: z.string().nullable(),
  /** Google's button script (the simulator's double in 測試模式). */
  google_script: z.string().nullable(),
});

export const threeWayStart = z.object({
  state: z.string(),
  nonce: z.string(),
  /** Where to send the browser (LINE, Facebook); null for Google's button. */
  authorize_url: z.string().nullable(),
});

/** A known identity signs in; an unknown one gets a bind ticket. */
export const bindTicketView = z.object({
  bind_ticket: z.string(),
  provider: signInProvider,
  label: z.string(),
  name: z.string(),
  email: z.string().nullable(),
});

/**
 * threeway/login and auth/liff_login: a known identity signs in (status true, an auth result);
 * an unknown one answers status false with a bind ticket.
 */
export const threeWayOutcome = z.union([authResult, bindTicketView]);

/** The simulated Google account chooser's ID token (測試模式). */
export const simulatedCredential = z.object({ credential: z.string() });

/** The simulated LINE ID token for the LIFF mock (測試模式). */
export const simulatedIdToken = z.object({ id_token: z.string() });
