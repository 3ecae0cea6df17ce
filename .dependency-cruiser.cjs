/**
 * The layering of app/ (docs/decisions/0025-app-layering.md), checked by `npm run lint`.
 * A folder may import its own files and the folders of LOWER layers (higher numbers) only:
 * never a folder of its own layer, never one above it. Every folder of app/ must have a layer.
 * Components sit beside the domain, not above it: they import only what server and browser
 * share. The one exception upwards: a component may import a route module's *types*
 * (`import type { action }` for `useFetcher<typeof action>`), which vanish from the build.
 */
const fs = require("node:fs");
const path = require("node:path");

const LAYERS = {
  // entries: what React Router and the worker process call
  routes: 1,
  worker: 1,
  // what the browser shows
  components: 2,
  // use cases: what a user or a job asks for
  models: 3,
  // page operations (insert, move, replace, delete pages): a process that marks republishing and uses the farm
  "page-operations": 3.5,
  // the external shop's contract: checkout addresses and the signed webhook (ADR 0040)
  shop: 3.5,
  // processes on an ePaper, driven through the lifecycle
  publish: 4,
  // readership statistics: the content origin's beacon ingest and the worker's rollup (ADR 0053)
  stats: 4.5,
  render: 5,
  lifecycle: 6,
  // webhooks: the account's endpoints, recording events where processes end, delivering them (ADR 0058)
  webhooks: 6.5,
  // services
  auth: 7,
  email: 8,
  // infrastructure
  blob: 9,
  events: 9,
  jobs: 9,
  preferences: 9,
  // shared by server and browser: pure rules, then the error type, helpers and texts
  rules: 10,
  errors: 11,
  utils: 12,
  locales: 13,
};

// A new folder of app/ must be given its layer here (and in the ADR).
const appDir = path.join(__dirname, "app");
for (const entry of fs.readdirSync(appDir, { withFileTypes: true })) {
  if (entry.isDirectory() && !entry.name.startsWith("+") && !(entry.name in LAYERS)) {
    throw new Error(`app/${entry.name}/ has no layer in .dependency-cruiser.cjs (docs/decisions/0025-app-layering.md)`);
  }
}

const folder = (name) => `(^|/)app/${name}/`;
const upward = Object.entries(LAYERS).map(([name, layer]) => {
  const above = Object.entries(LAYERS)
    .filter(([other, otherLayer]) => other !== name && otherLayer <= layer)
    .map(([other]) => other);
  return {
    name: `layer-${name}`,
    comment: `app/${name}/ (layer ${layer}) may import only lower layers: not ${above.join(", ")}`,
    severity: "error",
    from: { path: folder(name) },
    to: {
      path: `(^|/)app/(${above.join("|")})/`,
      ...(name === "components" ? { pathNot: folder("routes") } : {}),
    },
  };
});

module.exports = {
  forbidden: [
    ...upward,
    {
      name: "components-show-only",
      comment:
        "components render what loaders give them: they import other components and what server and browser share (rules, errors, utils, locales, the event catalogue), never models, processes, services or server-only files",
      severity: "error",
      from: { path: folder("components") },
      to: { path: ["(^|/)app/(models|page-operations|publish|render|lifecycle|auth|email|blob|jobs|preferences)/", "\\.server\\.tsx?$"] },
    },
    {
      name: "components-route-types-only",
      comment: "a component may import a route module's types only (useFetcher<typeof action>), never its code",
      severity: "error",
      from: { path: folder("components") },
      to: { path: folder("routes"), dependencyTypesNot: ["type-only"] },
    },
    {
      name: "app-root-files",
      comment: "nothing below the entries imports app/root.tsx, app/entry.*.tsx or app/routes.ts",
      severity: "error",
      from: { path: "(^|/)app/[^/]+/" },
      to: { path: "(^|/)app/[^/]+\\.tsx?$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|\\.react-router|proto/gen)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".d.ts"], conditionNames: ["import", "require", "node", "default"] },
    moduleSystems: ["es6"],
  },
};
