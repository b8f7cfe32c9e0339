import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
    // Loaders get the request as it came (no copies without `.data`/`index`/`_routes`, two fewer
    // Request objects per loader); they read the page's address from the `url` argument.
    v8_passThroughRequests: true,
  },
} satisfies Config;
