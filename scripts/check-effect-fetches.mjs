// House rule (docs/architecture.md, issue 46): pages read in loaders and change in actions, so no
// storefront route or feature component calls the API inside a `useEffect`. Part of `npm run check`.
// It looks at the syntax: an `api(...)` call anywhere inside a `useEffect` callback, including a
// function declared in that callback, and a call to a function of the same file that itself
// calls `api(...)`.
// The one way out is ALLOWED below, for feature files only (a route never gets an exception): a
// component whose effect synchronises with something outside React that is not the page's data
// (the shell's checks on navigation, a third-party SDK), each with its reason on one line. The
// reasons are printed when the check passes; keep the list short.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const ROOTS = ["apps/web/app/routes", "apps/web/app/features"];

/** Feature files whose effects may call the API, and why. Consulted under features/ only. */
const ALLOWED = new Map([
  // The product page's first-load JavaScript is at its 120 KB budget (bench/page-weight.ts): moving
  // these reads into a client loader or the page's handlers measured 120.8 KB. They live in code
  // fetched after the page, so they cost the first load nothing.
  [
    "apps/web/app/features/catalogue/FavouriteButton.tsx",
    "加入收藏's per-member state, read by the lazily loaded button after the cached, shared product page",
  ],
  [
    "apps/web/app/features/catalogue/RestockNotify.tsx",
    "到貨通知's lazily loaded dialog sends a member's request as it opens (its code is fetched on the press)",
  ],
  [
    "apps/web/app/features/catalogue/SearchBox.tsx",
    "suggestions follow the typed text (debounced); in every page's header, where the change-handler version added 0.1 KB to every first load",
  ],
  [
    "apps/web/app/features/shell/SessionChecks.tsx",
    "the shell's cart recount after each page change keeps the badges in step with the server, for every page",
  ],
  [
    "apps/web/app/features/shell/startup.tsx",
    "the once-per-page-load mall check (specification §4) may move the browser to another mall; no page's data",
  ],
  [
    "apps/web/app/features/auth/ThirdPartyButtons.tsx",
    "Google's sign-in SDK: each set-up of its button starts a flow (state, nonce) on the server, then renders into the DOM",
  ],
]);
const allowed = (file) => file.startsWith("apps/web/app/features/") && ALLOWED.has(file);

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}

const calleeName = (call) => (ts.isIdentifier(call.expression) ? call.expression.text : undefined);

/** Names of the file's functions whose bodies call `api` directly. */
function fetchingFunctions(file) {
  const names = new Set();
  const callsApi = (node) => {
    let found = false;
    const walk = (n) => {
      if (found) return;
      if (ts.isCallExpression(n) && calleeName(n) === "api") found = true;
      else ts.forEachChild(n, walk);
    };
    walk(node);
    return found;
  };
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body && callsApi(node.body)) names.add(node.name.text);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = node.initializer;
      const fn = ts.isCallExpression(init) && calleeName(init) === "useCallback" ? init.arguments[0] : init;
      if (fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && callsApi(fn.body)) names.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

export function effectFetches(root = process.cwd()) {
  const found = [];
  for (const base of ROOTS) {
    for (const path of sourceFiles(join(root, base))) {
      const file = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
      const fetching = fetchingFunctions(file);
      fetching.add("api");
      const visit = (node) => {
        if (ts.isCallExpression(node) && calleeName(node) === "useEffect" && node.arguments[0]) {
          const inEffect = (n) => {
            if (ts.isCallExpression(n) && fetching.has(calleeName(n) ?? "")) {
              const line = file.getLineAndCharacterOfPosition(n.getStart(file)).line + 1;
              const name = relative(root, path).split("\\").join("/");
              if (!allowed(name)) found.push({ file: name, line, call: calleeName(n) });
            }
            ts.forEachChild(n, inEffect);
          };
          inEffect(node.arguments[0]);
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
    }
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = effectFetches();
  for (const f of found) console.error(`${f.file}:${f.line} calls ${f.call}() inside useEffect`);
  if (found.length) {
    console.error(`\n${found.length} API call(s) in effects: read in a clientLoader, change in a clientAction or a fetcher.`);
    process.exit(1);
  }
  console.log("effect fetches: no route or feature calls the API inside useEffect, except (features only):");
  for (const [file, why] of ALLOWED) console.log(`  note: ${file}: ${why}`);
}
