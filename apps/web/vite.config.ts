import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { linguiCatalogues, linguiMacros, linguiRuntime } from "./lingui-macro";

export default defineConfig({
  // Lingui: the macros expanded first, `.po` catalogues compiled on import (decision 109).
  plugins: [linguiMacros(), linguiCatalogues(), tailwindcss(), reactRouter()],
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
