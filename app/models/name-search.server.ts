import { type ExpressionBuilder, sql } from "kysely";
import type { DB } from "#db/schema.gen";

/*
 * Searching ePapers and folders by name (issue 15 §2), the same in the tree and the grid: every
 * word of the query must begin a word of the name, case and accents ignored ('zuri' finds
 * 'Zürich', 'rep 2026' finds 'Annual Report 2026'). Words of three or more characters go through
 * the FULLTEXT index (its smallest word is innodb_ft_min_token_size, 3), so a search costs what it
 * finds, not what the account holds; shorter words narrow those results as parts of the name. A
 * query of only short words ('5', 'No') falls back to a part-of-the-name match on the account's
 * name index. Decisions: docs/decisions/0029-workspace-at-scale.md.
 */

const FULLTEXT_MIN_WORD = 3;

/** The query's words: runs of letters and digits (punctuation and the FULLTEXT operators split them). */
export function searchWords(query: string): { long: string[]; short: string[] } {
  const words = query
    .toLocaleLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return {
    long: words.filter((word) => [...word].length >= FULLTEXT_MIN_WORD),
    short: words.filter((word) => [...word].length < FULLTEXT_MIN_WORD),
  };
}

/** LIKE metacharacters in the user's text are matched literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The condition 'the name matches the query' on `table`.name, for a where clause. */
export function nameMatches<T extends "epaper" | "folder">(eb: ExpressionBuilder<DB, T>, table: T, query: string) {
  const { long, short } = searchWords(query);
  const column = sql.ref(`${table}.name`);
  if (long.length === 0) return eb(sql.ref(`${table}.name`), "like", containing(query.trim()));
  const terms = long.map((word) => `+${word}*`).join(" ");
  return eb.and([
    eb(sql<number>`MATCH(${column}) AGAINST (${terms} IN BOOLEAN MODE)`, ">", 0),
    ...short.map((word) => eb(sql.ref(`${table}.name`), "like", containing(word))),
  ]);
}
