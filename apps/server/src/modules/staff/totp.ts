import { Secret, TOTP } from "otpauth";

const ISSUER = "茶山好物後台";

export const totpFor = (secret: string, username: string) =>
  new TOTP({ issuer: ISSUER, label: username, secret: Secret.fromBase32(secret), digits: 6, period: 30 });

/** The time step of an accepted code (one step either side of `at`), or null when the code is wrong. */
export function acceptedStep(secret: string, username: string, token: string, at: Date): number | null {
  const totp = totpFor(secret, username);
  const delta = totp.validate({ token, timestamp: at.getTime(), window: 1 });
  return delta === null ? null : totp.counter({ timestamp: at.getTime() }) + delta;
}
