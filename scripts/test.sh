#!/usr/bin/env bash
# `npm test`: installs what is missing, then every check and every test suite against the
# real MariaDB, Redis, render node and Chromium. Ends with one line: "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system.sh
bash scripts/ensure-npm.sh
export PATH="$PWD/node_modules/.bin:$PATH"
mkdir -p test-results
rm -f test-results/unit.json test-results/e2e.json

# Each step's wall time, printed in the summary: "name seconds" lines.
timings=$(mktemp)
step_name=""
step_start=$SECONDS
step() {
  if [ -n "$step_name" ]; then echo "$step_name	$((SECONDS - step_start))" >> "$timings"; fi
  step_name="$1"
  step_start=$SECONDS
  printf '\n== %s\n' "$1"
}

step "contract: buf lint and generated code up to date"
(cd proto && buf lint && buf generate)
if git rev-parse --git-dir >/dev/null 2>&1 && ! git diff --quiet -- proto/gen; then
  echo "proto/gen differs from what buf generates: run 'npm run proto:generate' and commit" >&2
  exit 1
fi

step "types"
react-router typegen
tsc

step "lint, import boundaries, circular imports"
npm run --silent lint

step "database types match the migrations"
tsx server/cli/codegen.ts --verify

step "build the reader (publishing tests copy it into bundles)"
npm run --silent build -w publisher

# Before the tests: the security tests start the built studio in production mode too.
step "build"
react-router build

status=0
step "unit and integration tests (Vitest, real MariaDB and Redis)"
vitest run --reporter=default --reporter=json --outputFile.json=test-results/unit.json || status=1

step "end-to-end tests (Playwright, Debian Chromium, the real product)"
playwright test || status=1
step "summary"

echo
echo "time per suite (seconds):"
while IFS=$'\t' read -r name seconds; do printf '  %5s  %s\n' "$seconds" "$name"; done < "$timings"
rm -f "$timings"

node -e '
const fs = require("node:fs");
const read = (f) => { try { return JSON.parse(fs.readFileSync(f, "utf8")); } catch { return null; } };
const unit = read("test-results/unit.json");
const e2e = read("test-results/e2e.json");
let passed = 0, failed = 0, skipped = 0;
if (unit) {
  passed += unit.numPassedTests; failed += unit.numFailedTests; skipped += unit.numPendingTests + unit.numTodoTests;
  // A file whose setup failed has no failed test, only skipped ones: count the file as a failure.
  failed += unit.testResults.filter((file) => file.status === "failed" && !file.assertionResults.some((t) => t.status === "failed")).length;
} else failed += 1;
if (e2e) { passed += e2e.stats.expected + e2e.stats.flaky; failed += e2e.stats.unexpected; skipped += e2e.stats.skipped; } else failed += 1;
// Vitest and Playwright retry a failed test once; one that passed only on its retry is named, never hidden.
const flaky = [];
// Vitest keeps the messages of the failed attempt on a test that passed on its retry.
if (unit) for (const file of unit.testResults) for (const t of file.assertionResults) if (t.status === "passed" && t.failureMessages.length > 0) flaky.push(`${file.name}: ${t.fullName}`);
const walk = (suite) => { for (const spec of suite.specs ?? []) for (const t of spec.tests) if (t.status === "flaky") flaky.push(`[${t.projectName}] ${spec.file}: ${spec.title}`); for (const child of suite.suites ?? []) walk(child); };
if (e2e) for (const suite of e2e.suites) walk(suite);
for (const name of flaky) console.log(`flaky (passed on retry): ${name}`);
// The failures are named here too: CI keeps only the end of the log.
const failures = [];
if (unit)
  for (const file of unit.testResults) {
    const failedTests = file.assertionResults.filter((t) => t.status === "failed");
    for (const t of failedTests) failures.push(`${file.name}: ${t.fullName}: ${(t.failureMessages[0] ?? "").split("\n")[0]}`);
    if (file.status === "failed" && failedTests.length === 0) failures.push(`${file.name} (the file itself): ${(file.message ?? "").split("\n")[0]}`);
  }
const walkFailed = (suite) => { for (const spec of suite.specs ?? []) for (const t of spec.tests) if (t.status === "unexpected") failures.push(`[${t.projectName}] ${spec.file}: ${spec.title}`); for (const child of suite.suites ?? []) walkFailed(child); };
if (e2e) for (const suite of e2e.suites) walkFailed(suite);
// What failed outside any test: a report that is missing, errors of Playwright itself (its web server, a setup).
if (!unit) failures.push("no Vitest report (test-results/unit.json): Vitest did not finish");
if (!e2e) failures.push("no Playwright report (test-results/e2e.json): Playwright did not finish");
if (e2e) for (const error of e2e.errors ?? []) failures.push(`Playwright: ${(error.message ?? "").split("\n")[0]}`);
for (const name of failures) console.log(`FAILED: ${name.slice(0, 400)}`);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped${flaky.length ? `, ${flaky.length} flaky` : ""}`);
'
exit $status
