import { CamelCasePlugin, Kysely, MysqlDialect } from "kysely";
import { createPool, type PoolOptions } from "mysql2";
import type { DB } from "./schema.gen.ts";

export type Database = Kysely<DB>;

/**
 * mysql2 hands back BOOLEAN (tinyint(1)) as 0/1; turn it into true/false so the generated
 * types (tinyint -> boolean, see server/cli/codegen.ts) are the truth. NOTE: the schema uses
 * tinyint only through BOOLEAN, so every tinyint is a flag.
 */
const typeCast: PoolOptions["typeCast"] = (field, next) => {
  if (field.type === "TINY" && field.length === 1) {
    const value = field.string();
    return value === null ? null : value === "1";
  }
  return next();
};

/** Connection options shared by the app pool and the admin connection that creates databases. */
export function poolOptions(url: string, overrides: PoolOptions = {}): PoolOptions {
  return {
    uri: url,
    timezone: "Z", // every datetime column is UTC
    charset: "utf8mb4_unicode_ci",
    decimalNumbers: true, // frame coordinates are decimal(5,4); numbers, not strings
    supportBigNumbers: true,
    typeCast,
    connectionLimit: 10,
    ...overrides,
  };
}

/** The one way to open the database: camelCase in TypeScript, snake_case in SQL. */
export function createDb(url: string, overrides: PoolOptions = {}): Database {
  return new Kysely<DB>({
    dialect: new MysqlDialect({ pool: createPool(poolOptions(url, overrides)) }),
    plugins: [new CamelCasePlugin()],
  });
}
