import { expect, test } from "vitest";
import { containing, searchWords } from "./name-search.server.ts";

test("searchWords splits on anything but letters and digits; FULLTEXT takes words of three or more characters", () => {
  expect(searchWords("  Zürich-Ausgabe No. 5 +the* ")).toEqual({ long: ["zürich", "ausgabe", "the"], short: ["no", "5"] });
  expect(searchWords('"><@~()')).toEqual({ long: [], short: [] });
});

test("containing matches LIKE metacharacters literally", () => {
  expect(containing("100%_a\\b")).toBe("%100\\%\\_a\\\\b%");
});
