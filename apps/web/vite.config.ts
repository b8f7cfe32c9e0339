import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { linguiCatalogues, linguiMacros, linguiRuntime } from "./lingui-macro";

/**
 * The server's render code as plain ASCII: V8 holds a script's source in memory one byte per
 * character only when every character fits, and the storefront's Chinese text made it keep the
 * 830,000-character render build as two-byte text (1.7 MB resident instead of 0.9). A \u escape
 * means the same in strings, templates and regular expressions. The browser's files keep UTF-8:
 * there each Chinese character is 3 bytes, not 6, on the wire (the first-load budget).
 */
function asciiServerBuild(): Plugin {
  return {
    name: "ascii-server-build",
    apply: "build",
    // The files as written (renderChunk's output is printed again, which undid the escapes).
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== "server") return;
      for (const file of Object.values(bundle))
        if (file.type === "chunk")
          file.code = file.code.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    },
  };
}

export default defineConfig({
  // Lingui: the macros expanded first, `.po` catalogues compiled on import (decision 109).
  plugins: [linguiMacros(), linguiCatalogues(), tailwindcss(), reactRouter(), asciiServerBuild()],
  resolve: { alias: { "~i18n": linguiRuntime } },
  build: {
    target: "es2022",
    rollupOptions: {
      output: {
        // The small shared helpers (api client, links, formatting, alerts…) ship as one chunk:
        // a dozen tiny files each lose some compression and cost a request (first-load budget).
        // Form pieces, the pager and sign-in's next check stay out of it: home and product pages use none. React DOM
        // joins it: the seller's charts import react-dom too, which would otherwise split a small
        // piece of it into a file of its own (and one stream compresses better: home 119.9 → 119.5 KB).
        codeSplitting: {
          groups: [
            {
              name: "shared",
              test: (id: string) =>
                (/[\\/]app[\\/](lib|ui)[\\/]|[\\/]contract[\\/]src[\\/](format|front|catalogue|envelope)/.test(id) ||
                  /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/.test(id)) &&
                !/[\\/]ui[\\/](Field|SubmitButton|Pagination|AlertDialog|ProductCard)\.tsx$|[\\/]lib[\\/]safe-next\.ts$/.test(id),
            },
          ],
        },
      },
    },
  },
});
