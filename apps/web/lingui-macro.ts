import path from "node:path";
import { fileURLToPath } from "node:url";
import { transformAsync } from "@babel/core";
import linguiMacro from "@lingui/babel-plugin-lingui-macro";
import { getConfig } from "@lingui/conf";
import type { Plugin } from "vite";

const here = path.dirname(fileURLToPath(import.meta.url));
export const linguiConfigPath = path.join(here, "lingui.config.ts");
const linguiConfig = getConfig({ configPath: linguiConfigPath });

/**
 * Lingui's macros (`useLingui`'s t`…`, msg`…`) expanded by its Babel plugin before React Router's
 * own transforms: Vite 8 compiles with Oxc, which has no Lingui plugin (decision 109). Only files
 * that import a macro go through Babel. The Chinese source message is kept (`stripMessageField`
 * off): it is what a zh-TW page shows, with no catalogue to load.
 */
export function linguiMacros(): Plugin {
  return {
    name: "shop:lingui-macros",
    enforce: "pre",
    async transform(code, id) {
      const file = id.split("?")[0] ?? id;
      if (!/\.[cm]?[jt]sx?$/.test(file) || file.includes("/node_modules/") || !code.includes("@lingui/")) return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ["typescript", "jsx"] },
        plugins: [[linguiMacro, { linguiConfig, stripMessageField: false }]],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}

export const linguiRuntime = path.join(here, "app/i18n/runtime.ts");
