import { createConnection } from "mysql2/promise";

/** The database name in a mysql:// URL. */
export function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`DATABASE_URL must name a database of letters, digits and _ (got "${name}")`);
  return name;
}

/** Runs one statement on the URL's server without selecting its database (it may not exist yet). */
async function onServer(url: string, statement: string) {
  const server = new URL(url);
  server.pathname = "/";
  const connection = await createConnection({ uri: server.toString() });
  try {
    await connection.query(statement);
  } finally {
    await connection.end();
  }
}

/** Creates the URL's database if it is missing (utf8mb4). */
export function ensureDatabase(url: string): Promise<void> {
  return onServer(url, `CREATE DATABASE IF NOT EXISTS \`${databaseName(url)}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
}

/** Drops the URL's database; only tests call this, for databases they created. */
export function dropDatabase(url: string): Promise<void> {
  return onServer(url, `DROP DATABASE IF EXISTS \`${databaseName(url)}\``);
}
