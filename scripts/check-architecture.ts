/** `npm run lint`: the architecture rules that imports cannot show (tests/architecture/architecture-rules.ts). */
import path from "node:path";
import { checkArchitecture } from "../tests/architecture/architecture-rules.ts";

const root = path.resolve(import.meta.dirname, "..");
const violations = checkArchitecture(root);
for (const v of violations) console.error(`  error ${v.rule}: ${v.file}: ${v.detail}`);
if (violations.length > 0) {
  console.error(`\n${violations.length} architecture violation(s); see docs/decisions/0025-app-layering.md`);
  process.exit(1);
}
console.log("architecture rules hold");
