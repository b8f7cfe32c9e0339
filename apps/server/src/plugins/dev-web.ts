import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { ServerBuild } from "react-router";

/** The storefront from its source (npm run dev): Vite's middlewares and the server build it compiles on demand. */
export interface DevWeb {
  /** Serves modules, styles and HMR; calls `next` for everything else (the pages). */
  middlewares: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** React Router's server build as the source is now: an edited component renders on the next request. */
  load: () => Promise<ServerBuild>;
  close: () => Promise<void>;
}

/**
 * Vite in middleware mode, rooted at apps/web with its own config (the React Router and Tailwind
 * plugins). Vite is a development tool: imported here only, so a production install without it
 * never loads this file (WEB_DEV is refused in production).
 */
export async function startDevWeb(webRoot: string): Promise<DevWeb> {
  const { createServer } = await import("vite");
  const vite = await createServer({
    root: webRoot,
    configFile: path.join(webRoot, "vite.config.ts"),
    server: { middlewareMode: true },
    appType: "custom",
  });
  return {
    middlewares: (req, res, next) => vite.middlewares(req, res, next),
    load: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    close: () => vite.close(),
  };
}
