import { createId } from "@paralleldrive/cuid2";
import { sql } from "kysely";
import { afterAll, expect, test } from "vitest";
import { db } from "#app/utils/db.server";
import { compiledOnce } from "./compiled-query.ts";

const accountIds = [createId(), createId()];

afterAll(async () => {
  await db.deleteFrom("account").where("id", "in", accountIds).execute();
  await db.destroy();
});

test("a query compiled once answers each run for that run's values, camel-cased as any query (issue 29)", async () => {
  await db
    .insertInto("account")
    .values(accountIds.map((id, index) => ({ id, name: `Compiled ${index}`, zipContingent: index + 3 })))
    .execute();
  const byId = compiledOnce((db, { id, minimum }: { id: string; minimum: number }) =>
    db
      .selectFrom("account")
      .select(["id", "name", "zipContingent"])
      .where("id", "=", id)
      // A constant bound in the query stays what it was.
      .where("isActive", "=", true)
      .where("zipContingent", ">=", minimum),
  );
  for (const [index, id] of accountIds.entries())
    expect(await byId(db, { id, minimum: 0 })).toEqual([{ id, name: `Compiled ${index}`, zipContingent: index + 3 }]);
  expect(await byId(db, { id: accountIds[0] as string, minimum: 4 })).toEqual([]);
  expect(await byId(db, { id: "no-such-account", minimum: 0 })).toEqual([]);
});

test("a value that would become part of the query's text, of a made value, or is not used at all, is refused when compiling", async () => {
  const inlined = compiledOnce((db, { name }: { name: string }) => db.selectFrom("account").select("id").where("name", "=", sql.lit(name)));
  await expect(inlined(db, { name: "x" })).rejects.toThrow("became part of the SQL text");
  const made = compiledOnce((db, { name }: { name: string }) =>
    db.selectFrom("account").select("id").where("name", "=", name).where("name", "like", `%${name}%`),
  );
  await expect(made(db, { name: "x" })).rejects.toThrow("part of a value made from it");
  const unused = compiledOnce((db, _values: { id: string }) => db.selectFrom("account").select("id").limit(1));
  await expect(unused(db, { id: "x" })).rejects.toThrow("'id' is not bound");
});
