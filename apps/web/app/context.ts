import type { SsrContext } from "@shop/contract/ssr";

declare module "react-router" {
  interface AppLoadContext extends SsrContext {}
}
