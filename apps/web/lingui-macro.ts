import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type PluginObj, transformAsync, types } from "@babel/core";
import linguiMacro from "@lingui/babel-plugin-lingui-macro";
import { getConfig } from "@lingui/conf";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { generateMessageId } from "@lingui/message-utils/generateMessageId";
import PO from "pofile";
import type { Plugin } from "vite";

const here = path.dirname(fileURLToPath(import.meta.url));
const linguiConfigPath = path.join(here, "lingui.config.ts");
const linguiConfig = getConfig({ configPath: linguiConfigPath });

/**
 * A message's key in the English catalogue: its Chinese source, or Lingui's id when the message
 * has a context (the same Chinese meaning two things). Ids of context-free messages are dropped from
 * the bundle: six random characters each, ~0.6 KB of a page's first load (decision 109).
 */
const messageKey = (message: string, context?: string) => (context ? generateMessageId(message, context) : message);

/** After Lingui's macro: `{ id, message }` loses the id when the id is the message's own. */
function dropOwnIds(): PluginObj {
  return {
    visitor: {
      Program: {
        exit(program) {
          program.traverse({
            ObjectExpression(object) {
              const props = object.node.properties;
              const prop = (name: string) =>
                props.find((p): p is types.ObjectProperty => types.isObjectProperty(p) && types.isIdentifier(p.key, { name }));
              const id = prop("id");
              const message = prop("message");
              if (!id || !message || !types.isStringLiteral(id.value) || !types.isStringLiteral(message.value)) return;
              if (generateMessageId(message.value.value) !== id.value.value) return;
              object.node.properties = props.filter((p) => p !== id);
            },
          });
        },
      },
    },
  };
}

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
        plugins: [[linguiMacro, { linguiConfig, stripMessageField: false }], dropOwnIds],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}

/**
 * `import { messages } from "./en/checkout.po"`: the area's English, compiled by Lingui's message
 * compiler and keyed as the bundle's descriptors are (`messageKey`).
 */
export function linguiCatalogues(): Plugin {
  return {
    name: "shop:lingui-catalogues",
    async load(id) {
      const file = id.split("?")[0] ?? id;
      if (!file.endsWith(".po")) return null;
      this.addWatchFile(file);
      const po = PO.parse(await fs.readFile(file, "utf8"));
      const messages: Record<string, unknown> = {};
      for (const item of po.items) {
        const english = item.msgstr.join("");
        if (english.trim()) messages[messageKey(item.msgid, item.msgctxt ?? undefined)] = compileMessage(english);
      }
      return `export const messages = ${JSON.stringify(messages)};`;
    },
  };
}

export const linguiRuntime = path.join(here, "app/i18n/runtime.ts");
