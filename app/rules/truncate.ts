const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * `text` cut to at most `max` characters as MariaDB counts them (code points), never inside a
 * grapheme cluster: an emoji, a flag or a letter with its accents stays whole or goes whole
 * (issue 16, finding 10). Browser and server cut the same way.
 */
export function truncateText(text: string, max: number): string {
  let length = 0;
  let end = 0;
  for (const { segment } of segmenter.segment(text)) {
    const codePoints = [...segment].length;
    if (length + codePoints > max) break;
    length += codePoints;
    end += segment.length;
  }
  return text.slice(0, end);
}
