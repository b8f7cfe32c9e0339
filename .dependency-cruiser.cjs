// The server's house rules as an import-graph check (docs/architecture.md, issue 19); part of
// `npm run check`. Each rule names the layer it protects.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "modules-take-services-by-signature",
      comment:
        "Modules and plugins never import the composition root: each routes plugin declares the services it takes and app.ts hands them over.",
      severity: "error",
      from: { path: "^apps/server/src/(modules|plugins)/" },
      to: { path: "^apps/server/src/(services|app|api-routes)\\.ts$" },
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
