import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Rules of the code's shape that an import graph cannot see (docs/decisions/0025-app-layering.md).
 * Each keeps one thing single: one owner of the ePaper process columns, one place that builds
 * queues and workers, one error base class, routes that never query the database. The folder
 * layering itself is dependency-cruiser's (.dependency-cruiser.cjs). Run by `npm run lint`
 * (scripts/check-architecture.ts); architecture.test.ts proves each rule can fail.
 */

export type Violation = { rule: string; file: string; detail: string };

/** Errors that never reach a user (internal control flow, boot-time configuration) and so are no AppError. */
export const INTERNAL_ERRORS: Record<string, string> = {
  RenderRefused: "a node refused the document; the render job turns it into the ePaper's failure",
  RenderCancelled: "the abort reason of a cancelled render",
  FlowRefused: "rolls a token flow's transaction back; the flow answers its outcome",
  UploadAborted: "the client left during the upload; nobody reads an answer",
  EmailTemplateError: "a template bug, found by the template tests",
  EmailDeliveryError: "an SMTP failure the e-mail job retries or records",
  InvalidConfigurationError: "a wrong environment value at boot",
  OperationTargetGone: "a page operation's page vanished before its commit; the job turns it into the operation's failure",
  OperationCancelled: "rolls a page operation's commit back when it was cancelled; the job abandons the operation",
  BlobNotFound: "a blob a row names is gone; routes check stat first and answer 404, jobs treat it as their failure",
  RecognitionStopped: "ends an OCR run whose ePaper was deleted; the job ends quietly",
  SafeFetchRefused:
    "an outbound fetch refused by the SSRF rules; the preview-image model turns it into its 'could not be generated' info, a webhook attempt into its log line",
};

const PROCESS_COLUMN = /\b(processRunning|processCancelled|processError|processType|processStartedAt)\s*:/;

function sourceFiles(root: string, dirs: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && !["node_modules", "+types"].includes(entry.name)) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  for (const dir of dirs) walk(path.join(root, dir));
  return files;
}

/** The text of the call's argument list that starts at `open` (an opening parenthesis). */
function argumentsAt(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === "(") depth++;
    else if (source[i] === ")" && --depth === 0) return source.slice(open + 1, i);
  }
  return source.slice(open + 1);
}

export function checkArchitecture(root: string): Violation[] {
  const violations: Violation[] = [];
  for (const file of sourceFiles(root, ["app", "server"])) {
    const rel = path.relative(root, file).split(path.sep).join("/");
    const source = readFileSync(file, "utf8");

    // 1. Only the lifecycle writes the process columns of epaper.
    if (!rel.startsWith("app/lifecycle/")) {
      for (const match of source.matchAll(/\.(updateTable|insertInto)\(\s*["']epaper["']\s*\)/g)) {
        const rest = source.slice(match.index);
        const end = rest.search(/\.execute(TakeFirst|TakeFirstOrThrow)?\(/);
        const statement = end === -1 ? rest : rest.slice(0, end);
        for (const call of statement.matchAll(/\.(set|values)\(/g)) {
          const args = argumentsAt(statement, (call.index ?? 0) + call[0].length - 1);
          const column = PROCESS_COLUMN.exec(args);
          if (column)
            violations.push({ rule: "lifecycle-owns-process-columns", file: rel, detail: `writes ${column[1]} (use app/lifecycle)` });
        }
      }
    }

    // 2. Queues and workers are built in one place each.
    if (/\bnew Queue\(/.test(source) && rel !== "app/jobs/queues.server.ts")
      violations.push({ rule: "one-queue-factory", file: rel, detail: "builds a Queue (use createQueues)" });
    if (/\bnew Worker\(/.test(source) && rel !== "app/jobs/consumer.server.ts")
      violations.push({ rule: "one-consumer-factory", file: rel, detail: "builds a Worker (use startConsumer)" });

    // 3. One error base class: everything else a user may see extends AppError.
    for (const match of source.matchAll(/class (\w+) extends Error\b/g)) {
      const name = match[1] as string;
      if (!(rel === "app/errors/app-error.ts" && name === "AppError") && !(name in INTERNAL_ERRORS))
        violations.push({
          rule: "one-error-base",
          file: rel,
          detail: `${name} extends Error (extend AppError, or list it in INTERNAL_ERRORS)`,
        });
    }

    // 4. Routes call models, never the database; a route that takes intents declares them; forms
    //    are read with readForm, so a body that is no form is a 400, never a 500.
    if (rel.startsWith("app/routes/")) {
      if (/request\.formData\(\)/.test(source))
        violations.push({
          rule: "forms-read-safely",
          file: rel,
          detail: "request.formData() (use readForm, app/utils/read-form.server.ts)",
        });
      if (/formData\.get\(\s*["']intent["']\s*\)|form\.get\(\s*["']intent["']\s*\)/.test(source) && !/export const intents\b/.test(source))
        violations.push({
          rule: "intents-declared",
          file: rel,
          detail: "reads `intent` without `export const intents` (a Zod discriminated union, app/rules/intents.ts)",
        });
      const query = /\.(selectFrom|updateTable|insertInto|deleteFrom|replaceInto)\(|\bsql`/.exec(source);
      if (query) violations.push({ rule: "routes-never-query", file: rel, detail: `${query[0]} (move the query into app/models)` });
    }
  }
  return violations;
}
