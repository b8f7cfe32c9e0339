export * from "./auth.js";
export * from "./catalogue.js";
export * from "./common.js";
export * from "./envelope.js";
export * from "./format.js";
export * from "./front.js";
export * from "./inquiry.js";
export * from "./ssr.js";
export { z } from "./zod.js";
