import { type Compilable, type CompiledQuery, createQueryId } from "kysely";
import type { Database } from "./client.ts";

/** Stands for a value while the query is compiled; never sent to the database. */
const marker = (name: string) => `\u0000compiled-query-value:${name}\u0000`;

type Compiled = { query: CompiledQuery; slots: (string | null)[]; names: string[] };

/**
 * A query Kysely builds and compiles once per process; each run binds the values of that run
 * (issue 29). Kysely builds a query anew on every call (parsing each `"table.column as alias"`,
 * an immutable node per step, the camel-case plugin's copy of the tree, then the SQL text): for
 * the session lookup, which every studio request makes, that was more CPU than MariaDB spent
 * answering it.
 *
 * `build` receives the values as stand-ins and must use each one as a bound value, not in the
 * query's shape (no value in a list whose length varies, no `sql.lit`); compiling checks that
 * every stand-in became a bound parameter. The rows go through the database's plugins as any
 * query's do. Every `Database` is made the same way (`createDb`: the MySQL dialect and the
 * camel-case plugin), so one compilation serves them all.
 */
export function compiledOnce<Values extends Record<string, unknown>, Row>(
  build: (db: Database, values: Values) => Compilable<Row>,
): (db: Database, values: Values) => Promise<Row[]> {
  let compiled: Compiled | undefined;
  const compile = (db: Database, names: string[]): Compiled => {
    const standIns = Object.fromEntries(names.map((name) => [name, marker(name)])) as Values;
    const query = build(db, standIns).compile();
    if (query.sql.includes("\u0000")) throw new Error("compiledOnce: a value became part of the SQL text");
    const slots = query.parameters.map((parameter) => {
      const name = names.find((candidate) => parameter === marker(candidate)) ?? null;
      // A stand-in inside a made value (`%${value}%`, a lower-cased copy) would be sent as it is on every run.
      if (name === null && typeof parameter === "string" && parameter.includes("\u0000"))
        throw new Error("compiledOnce: a value is bound only as part of a value made from it");
      return name;
    });
    for (const name of names) if (!slots.includes(name)) throw new Error(`compiledOnce: the value '${name}' is not bound in the query`);
    return { query, slots, names };
  };
  return async (db, values) => {
    compiled ??= compile(db, Object.keys(values).sort());
    const { query, slots, names } = compiled;
    const given = Object.keys(values).sort();
    if (given.length !== names.length || given.some((name, index) => name !== names[index]))
      throw new Error(`compiledOnce: compiled for the values ${names.join(", ")}, run with ${given.join(", ")}`);
    const parameters = slots.map((name, index) => (name === null ? query.parameters[index] : values[name]));
    const result = await db.executeQuery<Row>({ ...query, parameters, queryId: createQueryId() });
    return result.rows;
  };
}
