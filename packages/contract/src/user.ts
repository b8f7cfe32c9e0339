import type { authResult, bindTicketView, signInOptions, signInProviderView, threeWayStart } from "./responses/auth.js";
import type { bindingView, publicUser, signInProvider } from "./responses/member.js";
import type { z } from "./zod.js";

/** The member as the API shows them to themselves. */
export type PublicUser = z.output<typeof publicUser>;

export type AuthResult = z.output<typeof authResult>;

export type SignInProvider = z.output<typeof signInProvider>;
/** One row of /member/account_binding (threeway/get). */
export type BindingView = z.output<typeof bindingView>;

/** A provider offered on this shop's sign-in page. */
export type SignInProviderView = z.output<typeof signInProviderView>;
export type SignInOptions = z.output<typeof signInOptions>;
export type ThreeWayStart = z.output<typeof threeWayStart>;
/** A known identity signs in; an unknown one gets a bind ticket. */
export type BindTicketView = z.output<typeof bindTicketView>;
