export { z } from "./zod.js";
export * from "./envelope.js";
export * from "./common.js";
export * from "./auth.js";
export * from "./front.js";
export * from "./format.js";
export * from "./ssr.js";
