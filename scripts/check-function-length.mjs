// House rule (docs/architecture.md): no function runs over 150 lines, so each use case is a named,
// testable unit. Part of `npm run check`; generated data and tests are outside the rule.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const LIMIT = 150;
const ROOTS = ["apps/server/src", "apps/web/app", "apps/admin/src", "packages/contract/src", "packages/reference-data/src"];
const SKIP = /(\.test\.tsx?$|\.spec\.tsx?$|\/generated\/|\.generated\.ts$|\/test\/|\.d\.ts$)/;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) continue;
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !SKIP.test(path)) yield path;
  }
}

function nameOf(node, file) {
  if (node.name) return node.name.getText(file);
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name)
    return parent.name.getText(file);
  return "(anonymous)";
}

export function longFunctions(root = process.cwd()) {
  const found = [];
  for (const base of ROOTS) {
    let files;
    try {
      files = [...sourceFiles(join(root, base))];
    } catch {
      continue;
    }
    for (const path of files) {
      const text = readFileSync(path, "utf8");
      const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
      const visit = (node) => {
        if (ts.isFunctionLike(node) && "body" in node && node.body) {
          const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
          const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
          const lines = end - start + 1;
          if (lines > LIMIT) found.push({ file: relative(root, path), name: nameOf(node, file), line: start + 1, lines });
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
    }
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = longFunctions();
  for (const f of found) console.error(`${f.file}:${f.line} ${f.name} runs ${f.lines} lines (limit ${LIMIT})`);
  if (found.length) {
    console.error(
      `\n${found.length} function(s) over ${LIMIT} lines: split them into exported functions taking their dependencies.`,
    );
    process.exit(1);
  }
  console.log(`function length: every function is at most ${LIMIT} lines`);
}
