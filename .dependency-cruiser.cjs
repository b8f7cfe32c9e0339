// The server's house rules as an import-graph check (docs/architecture.md, issue 19); part of
// `npm run check`. Each rule names the layer it protects.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "No import circle in the server or the contract, type imports included: a circle means two files are one unit in disguise, or a type lives in the wrong file (issue 46).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "nothing-below-imports-app",
      comment:
        "app/ is the plumbing and the composition root: modules, flows, plugins, integrations, db and lib never import it; each routes plugin declares the services it takes and app/ hands them over.",
      severity: "error",
      from: { path: "^apps/server/src/(modules|flows|plugins|integrations|db|lib)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^apps/server/src/app/" },
    },
    {
      name: "modules-below-flows",
      comment:
        "A module knows only its own domain: a use case across modules is a flow (flows/), and no module runs one. Three route files still name a flow's type (ShopAnalytics) for the service they are handed; type-only, so allowed until those routes move into the flow.",
      severity: "error",
      from: { path: "^apps/server/src/(modules|plugins|integrations|db|lib)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^apps/server/src/flows/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "server-files-in-their-rooms",
      comment:
        "Every server file lives in a room (app, flows, modules, plugins, integrations, db, lib, demo, test); only main.ts sits at the top.",
      severity: "error",
      from: { path: "^apps/server/src/[^/]+\\.ts$", pathNot: "^apps/server/src/main\\.ts$" },
      to: {},
    },
    {
      name: "no-other-modules-routes",
      comment: "A module never imports another module's HTTP layer; shared request helpers live in plugins/.",
      severity: "error",
      from: { path: "^apps/server/src/modules/([^/]+)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^apps/server/src/modules/[^/]+/[^/]*routes\\.ts$", pathNot: "^apps/server/src/modules/$1/" },
    },
    {
      name: "db-below-modules",
      comment: "db/ is the lowest layer: it knows no module, no demo data and no plugin.",
      severity: "error",
      from: { path: "^apps/server/src/db/" },
      to: { path: "^apps/server/src/(modules|demo|plugins|test)/" },
    },
    {
      name: "pdf-writers-load-on-first-print",
      comment:
        "pdfkit and the barcode writer are ~8 MB resident: only the two PDF files use them, and those are reached by dynamic import on the first print, never at start (docs/performance.md, eighth sitting).",
      severity: "error",
      from: {
        path: "^apps/server/src/",
        pathNot: "(\\.test\\.ts$|^apps/server/src/(modules/invoices/pdf|flows/shipping-batch/label-pdf)\\.ts$)",
      },
      to: {
        path: "(^node_modules/(pdfkit|bwip-js)/|^apps/server/src/(modules/invoices/pdf|flows/shipping-batch/label-pdf)\\.ts$)",
        dynamic: false,
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "no-test-code-in-production",
      comment: "Production files never import test helpers.",
      severity: "error",
      from: { path: "^apps/server/src/", pathNot: "(\\.test\\.ts$|^apps/server/src/test/)" },
      to: { path: "^apps/server/src/test/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(node_modules|/build/|\\.react-router/)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
