/**
 * V8 settings of a studio process (ADR 0054). A page view makes many short-lived objects, and with
 * dozens of requests in flight each young-generation collection copies a lot that is still alive:
 * a 64 MB semi-space (Node 20's default is 16 MB) collects less often and saved the workspace
 * page about 5 % of its CPU in `bench:studio`. An operator's own setting (NODE_OPTIONS or the
 * command line) wins.
 */
const SEMI_SPACE = "--max-semi-space-size";

export function studioNodeFlags(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ""): string[] {
  const given = [...execArgv, nodeOptions].some((flag) => flag.includes(SEMI_SPACE));
  return given ? [] : [`${SEMI_SPACE}=64`];
}
