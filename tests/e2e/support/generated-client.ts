import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";

/*
 * The API journey's generated client (issue 45 item 9): the types of the running studio's OpenAPI
 * document, made with openapi-typescript as an integrator makes them, and the outside program
 * (tests/e2e/outside-program/program.ts) type-checked against them. Two settings of the
 * generator, both from its documentation: a `format: binary` string is a Blob, and a multipart
 * request body is a FormData (which openapi-fetch sends as it is). Answers tsc's complaints, empty
 * when the program fits the document.
 */

const PROGRAM_DIR = path.resolve("tests/e2e/outside-program");
const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier("Blob"));
const FORM_DATA = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier("FormData"));

export async function generateAndCheckProgram(documentUrl: string): Promise<string> {
  const ast = await openapiTS(new URL(documentUrl), {
    transform(schema, metadata) {
      if (metadata.path?.endsWith("/content/multipart~1form-data")) return FORM_DATA;
      if (schema.format === "binary") return BLOB;
      return undefined;
    },
  });
  await writeFile(path.join(PROGRAM_DIR, "api.gen.ts"), `// Generated from ${documentUrl} by the API journey.\n${astToString(ast)}`);
  try {
    await promisify(execFile)(path.resolve("node_modules/.bin/tsc"), ["-p", PROGRAM_DIR], { timeout: 120_000 });
    return "";
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    return `${failed.stdout ?? ""}${failed.stderr ?? ""}` || failed.message;
  }
}
