import { type Kysely, sql } from "kysely";

// Frozen once shipped: never import app code here, fix forward with a new migration.
// Issue 46: the offers a fresh installation seeds name their example price and read as a customer
// reads them ("5 ZIP packages · €79", not "ZIP package ×5"). Offers support has edited keep their
// text: only a text still exactly as the earlier seed wrote it is replaced.

const RENAMED: [code: string, before: string, after: string][] = [
  ["zip-1", "ZIP package ×1", "1 ZIP package · €19"],
  ["zip-5", "ZIP package ×5", "5 ZIP packages · €79"],
  ["zip-10", "ZIP package ×10", "10 ZIP packages · €139"],
  ["channel-1", "Channel ×1 (12 months)", "1 channel for 12 months · €99"],
  ["channel-3", "Channel ×3 (12 months)", "3 channels for 12 months · €249"],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [code, before, after] of RENAMED)
    await sql`UPDATE shop_order_code SET text = ${after} WHERE code_key = ${code} AND text = ${before}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [code, before, after] of RENAMED)
    await sql`UPDATE shop_order_code SET text = ${before} WHERE code_key = ${code} AND text = ${after}`.execute(db);
}
