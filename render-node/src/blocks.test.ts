import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { blocksOfPage, joinLines } from "./blocks.ts";

const CORPUS = path.resolve(import.meta.dirname, "../../../shared/corpus");

/** A `<page>` body as pdftotext -bbox-layout writes it: blocks of lines of words (x, y, size in points). */
function page(blocks: { words: [string, number, number, number][] }[][]): string {
  return `<flow>${blocks
    .map(
      (lines) =>
        `<block>${lines
          .map(
            (line) =>
              `<line>${line.words
                .map(
                  ([text, x, y, size]) =>
                    `<word xMin="${x}" yMin="${y}" xMax="${x + text.length * size * 0.5}" yMax="${y + size}">${text}</word>`,
                )
                .join("")}</line>`,
          )
          .join("")}</block>`,
    )
    .join("")}</flow>`;
}

const line = (text: string, x: number, y: number, size: number) => ({
  words: text.split(" ").map((word, index) => [word, x + index * size * 4, y, size] as [string, number, number, number]),
});

const A4 = { widthPt: 595, heightPt: 842 };

describe("blocksOfPage", () => {
  test("headings by size with levels, paragraphs joined, running head, foot and page number marked", () => {
    const body = page([
      [line("Gemeindeblatt Mai", 60, 20, 8)],
      [line("Neues aus dem Rathaus", 60, 80, 24)],
      [line("Der Haushalt", 60, 130, 14)],
      [
        line("Der Gemeinderat hat den Haus-", 60, 160, 10),
        line("halt beschlossen. Die Nord-", 60, 172, 10),
        line("Ostsee-Bahn fährt.", 60, 184, 10),
      ],
      [line("Die Schule", 60, 230, 14)],
      [line("Sie wird saniert und bekommt ein Dach.", 60, 260, 10)],
      [line("Herausgeber: Gemeinde", 60, 800, 8)],
      [line("7", 290, 815, 8)],
    ]);
    const blocks = blocksOfPage(body, A4);
    expect(blocks.map((block) => [block.kind, block.level ?? null, block.text])).toEqual([
      ["header", null, "Gemeindeblatt Mai"],
      ["heading", 1, "Neues aus dem Rathaus"],
      ["heading", 2, "Der Haushalt"],
      ["paragraph", null, "Der Gemeinderat hat den Haushalt beschlossen. Die Nord-Ostsee-Bahn fährt."],
      ["heading", 2, "Die Schule"],
      ["paragraph", null, "Sie wird saniert und bekommt ein Dach."],
      ["footer", null, "Herausgeber: Gemeinde"],
      ["pageNumber", null, "7"],
    ]);
    const [x, y, width, height] = blocks[1]?.box ?? [];
    expect(x).toBeCloseTo(60 / 595, 4);
    expect(y).toBeCloseTo(80 / 842, 4);
    expect(width).toBeGreaterThan(0);
    expect(height).toBeCloseTo(24 / 842, 4);
  });

  test("a list: items at their bullets or numbers, continuation lines joined to their item", () => {
    const body = page([
      [line("• Brot und", 60, 100, 10), line("Butter", 70, 112, 10), line("• Milch", 60, 124, 10)],
      [line("1. Erstens", 60, 160, 10), line("2. Zweitens", 60, 172, 10)],
      [line("c) Drittens", 60, 186, 10), line("d) Viertens", 60, 198, 10)],
      [line("Ein Satz, der mit keinem Zeichen beginnt.", 60, 230, 10)],
    ]);
    const blocks = blocksOfPage(body, A4);
    expect(blocks.map((block) => [block.kind, block.items ?? block.text])).toEqual([
      ["list", ["Brot und Butter", "Milch"]],
      ["list", ["Erstens", "Zweitens"]],
      ["list", ["Drittens", "Viertens"]],
      ["paragraph", "Ein Satz, der mit keinem Zeichen beginnt."],
    ]);
    // Bullets make an unordered list; numbers and letters an ordered one that starts where the page's count does.
    expect(blocks.slice(0, 3).map((block) => [block.ordered ?? null, block.start ?? null])).toEqual([
      [null, null],
      ["1", null],
      ["a", 3],
    ]);
  });

  test("a heading poppler cut in two on one line is one heading", () => {
    const body = page([[line("1.", 60, 100, 14)], [line("Einleitung", 80, 100, 14)], [line("Text in der Grundschrift.", 60, 130, 10)]]);
    expect(blocksOfPage(body, A4).map((block) => block.text)).toEqual(["1. Einleitung", "Text in der Grundschrift."]);
  });

  test("a line running down the page is no heading and leaves the real headings their levels", () => {
    const vertical = { words: [["Anzeige", 20, 300, 10] as [string, number, number, number]] };
    const body = page([[line("Titel", 60, 80, 20)], [vertical], [line("Text in der Grundschrift, lang genug.", 60, 130, 10)]]).replace(
      /xMax="55" yMax="310"/,
      'xMax="30" yMax="400"',
    );
    const blocks = blocksOfPage(body, A4);
    expect(blocks.map((block) => [block.kind, block.level ?? null, block.text])).toEqual([
      ["heading", 1, "Titel"],
      ["paragraph", null, "Anzeige"],
      ["paragraph", null, "Text in der Grundschrift, lang genug."],
    ]);
  });

  test("no list from a club's name, an abbreviation or mixed dashes; numbers must count up", () => {
    const body = page([
      [line("1. FC Köln gewinnt", 60, 100, 10), line("2. Liga bleibt", 60, 112, 10)],
      [line("z. B. heute", 60, 140, 10), line("z. B. morgen", 60, 152, 10)],
      [line("• eins", 60, 180, 10), line("– zwei", 60, 192, 10)],
      [line("1. eins", 60, 220, 10), line("3. drei", 60, 232, 10)],
    ]);
    expect(blocksOfPage(body, A4).map((block) => block.kind)).toEqual(["list", "paragraph", "paragraph", "paragraph"]);
  });

  test("an entity outside Unicode stays as written", () => {
    const body = page([[line("A&#x110000;B", 60, 100, 10)]]);
    expect(blocksOfPage(body, A4)[0]?.text).toBe("A&#x110000;B");
  });

  test("a page without words, or without a size, has no blocks", () => {
    expect(blocksOfPage("<flow></flow>", A4)).toEqual([]);
    expect(blocksOfPage(page([[line("Wort", 10, 10, 10)]]), { widthPt: 0, heightPt: 0 })).toEqual([]);
  });

  test("a two-column paper from the corpus: its title, then the section heading, then the columns' text in order", () => {
    const xhtml = execFileSync("pdftotext", [
      "-bbox-layout",
      "-f",
      "1",
      "-l",
      "1",
      path.join(CORPUS, "pdfjs__tracemonkey.pdf"),
      "-",
    ]).toString();
    const blocks = blocksOfPage(xhtml.split(/<page\b[^>]*>/)[1] ?? "", { widthPt: 612, heightPt: 792 });
    const headings = blocks.filter((block) => block.kind === "heading").map((block) => [block.level, block.text]);
    expect(headings).toEqual([
      [1, "Trace-based Just-in-Time Type Specialization for Dynamic Languages"],
      [2, "Abstract"],
      [2, "1. Introduction"],
    ]);
    const text = blocks.map((block) => block.text ?? "").join(" ");
    // The left column's end comes before the right column's start.
    expect(text.indexOf("Dynamic languages such as JavaScript are more difficult")).toBeLessThan(
      text.indexOf("and is used for the application logic"),
    );
  });
});

describe("joinLines", () => {
  test("a word broken at the line's end is joined; a capital after the hyphen keeps it; a soft hyphen goes", () => {
    expect(joinLines(["Zei-", "tung"])).toBe("Zeitung");
    expect(joinLines(["Nord-", "Ostsee"])).toBe("Nord-Ostsee");
    expect(joinLines(["Bahn\u00ad", "hof"])).toBe("Bahnhof");
    expect(joinLines(["3 -", "4"])).toBe("3 - 4");
    expect(joinLines(["Ein-", "und Ausgang"])).toBe("Ein- und Ausgang");
  });
});
