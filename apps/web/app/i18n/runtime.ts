import type { Messages } from "@lingui/core";
import { createContext, type ReactNode, useContext } from "react";

/**
 * What Lingui's macros call (lingui.config.ts points `useLingui` here; decision 109). The storefront
 * is written in zh-TW: a Chinese page fills the source message the macro keeps in the bundle and
 * loads no i18n library at all; an English page swaps in a Lingui translator (./english.ts).
 */

export type Lang = "zh-TW" | "en";

export interface MessageDescriptor {
  /**
   * Lingui's id, as its macro types it. In the bundle only a message with a context keeps it
   * (lingui-macro.ts); any other is keyed by its message, so read it as possibly missing.
   */
  id: string;
  message?: string;
  values?: Record<string, unknown>;
}

type Values = Record<string, unknown> | undefined;

export interface Translator {
  lang: Lang;
  /** Named `_` because Lingui's `useLingui` macro turns `t\`…\`` into a call of the hook's `_`. */
  _: (descriptor: MessageDescriptor | string, values?: Values) => string;
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** The source message with its values in: Chinese needs no plural or select forms, so `{name}` is all there is. */
export function fill(message: string, values: Values): string {
  if (!values) return message;
  return message.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export const zhTW: Translator = {
  lang: "zh-TW",
  _: (descriptor, values) =>
    typeof descriptor === "string" ? fill(descriptor, values) : fill(descriptor.message ?? "", descriptor.values ?? values),
};

/** The document's translator: set once per document (a language change reloads the page). */
export const TranslatorContext = createContext<Translator>(zhTW);

export function useLingui(): Translator {
  return useContext(TranslatorContext);
}

/** The page's language (for `lang` attributes, links and formats). */
export function useLang(): Lang {
  return useContext(TranslatorContext).lang;
}

/**
 * The `lang` attribute for shop content (product, category and shop names, news, descriptions) on
 * this page: on an English page the content is still Chinese unless staff wrote English, and a
 * screen reader should read it as Chinese. `undefined` on a Chinese page (it inherits the document's).
 */
export function useContentLang(): "zh-Hant-TW" | undefined {
  return useContext(TranslatorContext).lang === "en" ? "zh-Hant-TW" : undefined;
}

/** Shop content in the page's language: its text, and the `lang` its element needs. */
export interface Content {
  text: string;
  lang: "zh-Hant-TW" | undefined;
}

/**
 * Shop content staff may have written in English too (a product's name, a category's, a news
 * title): on an English page the English where given, else the Chinese marked as Chinese; on a
 * Chinese page the Chinese, unmarked.
 */
export function useContent(): (zh: string, en: string | undefined) => Content {
  const english = useContext(TranslatorContext).lang === "en";
  return (zh, en) =>
    english ? (en ? { text: en, lang: undefined } : { text: zh, lang: "zh-Hant-TW" }) : { text: zh, lang: undefined };
}

/**
 * The `lang` of a value from outside the UI and the shop — a shopper's search words, a member's
 * name — on this page: Chinese text on an English page is marked as Chinese, anything else is not.
 */
export function useTextLang(): (text: string) => "zh-Hant-TW" | undefined {
  const english = useContext(TranslatorContext).lang === "en";
  return (text) => (english && /[\u3400-\u9fff]/.test(text) ? "zh-Hant-TW" : undefined);
}

/** Stands for a value in a message rendered around it (`aroundValue`): no message contains it. */
export const VALUE = "\u2063";

/** A translated sentence split where its value goes, so the value can be an element of its own. */
export function aroundValue(sentence: string): [before: string, after: string] {
  const at = sentence.indexOf(VALUE);
  return at < 0 ? [sentence, ""] : [sentence.slice(0, at), sentence.slice(at + VALUE.length)];
}

let activeEnglish: Translator | undefined;
let serverEnglish: Translator | undefined;
let renderingEnglish: (() => Translator | undefined) | undefined;

/** The server's render and the browser's entry say which English translator `translate` uses. */
export function setActiveEnglish(translator: Translator | undefined): void {
  activeEnglish = translator;
}

/** The server's English for what runs outside a render (loaders): set once, when it starts. */
export function provideServerEnglish(translator: Translator): void {
  serverEnglish = translator;
}

/**
 * The server's way to find the English translator of the render running now (its
 * AsyncLocalStorage): renders of several requests interleave, so no module variable can say.
 */
export function provideRenderingEnglish(lookup: () => Translator | undefined): void {
  renderingEnglish = lookup;
}

/**
 * For code outside React's render where no hook can run — route `meta` functions, loaders, client
 * actions: the message in the language of `pathname` (`location.pathname`, `url.pathname`). During
 * a server render it goes through that request's translator (so the page carries the message).
 */
export function translate(pathname: string, descriptor: MessageDescriptor): string {
  const english = langOfPath(pathname) === "en" ? (renderingEnglish?.() ?? activeEnglish ?? serverEnglish) : undefined;
  return (english ?? zhTW)._(descriptor);
}

/** `/en/…` and `/shop_2/en/…` are English; everything else is zh-TW. */
export function langOfPath(pathname: string): Lang {
  return /^(?:\/shop_\d+)?\/en(?:\/|$)/.test(pathname) ? "en" : "zh-TW";
}

/** The same page in the other language: `/shop_2/product?x` ⇄ `/shop_2/en/product?x`. */
export function pathInLang(pathname: string, lang: Lang): string {
  const match = /^(\/shop_\d+)?(\/en(?=\/|$))?(.*)$/.exec(pathname);
  const [, shop = "", , rest = ""] = match ?? [];
  const tail = rest === "" || rest === "/" ? "/" : rest;
  if (lang === "en") return `${shop}/en${tail === "/" ? "/" : tail}`;
  return shop && tail === "/" ? `${shop}/` : `${shop}${tail}`;
}

/**
 * An English page in the browser: its translator (the page's own messages), and the element the
 * app hydrates in, which provides it and fetches the rest of the catalogue.
 */
export interface BrowserEnglish {
  translator: Translator;
  /** Rendered as `<Root english={translator}>`. */
  Root: (props: { english: Translator; children: ReactNode }) => ReactNode;
}

let englishFactory: ((pageMessages: Messages) => BrowserEnglish) | undefined;

/**
 * Set by the English route's module when it loads (React Router loads an English page's route
 * modules before the entry hydrates), so the entry needs no import of its own.
 */
export function provideEnglish(factory: (pageMessages: Messages) => BrowserEnglish): void {
  englishFactory = factory;
}

export function browserEnglish(pageMessages: Messages): BrowserEnglish | undefined {
  return englishFactory?.(pageMessages);
}
