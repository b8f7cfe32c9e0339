// A Lingui catalogue, compiled by @lingui/vite-plugin when imported.
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
