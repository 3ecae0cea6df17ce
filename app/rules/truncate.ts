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

/** File names are shown with at most this many characters (studio-core.md §9). */
export const FILE_NAME_DISPLAY_MAX = 40;

/**
 * A file name as the studio shows it: at most FILE_NAME_DISPLAY_MAX characters, the middle left
 * out (…) so that its start and its extension stay readable: `Annual report 2026 final…(3).pdf`.
 */
export function displayFileName(name: string, max = FILE_NAME_DISPLAY_MAX): string {
  if ([...name].length <= max) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 && name.length - dot <= 8 ? name.slice(dot) : "";
  const tail = truncateEnd(name.slice(0, name.length - extension.length), Math.min(8, Math.floor((max - extension.length - 1) / 3)));
  const head = truncateText(name, max - 1 - [...tail].length - [...extension].length);
  return `${head.trimEnd()}…${tail}${extension}`;
}

/** The last `max` characters of `text` (code points, whole grapheme clusters). */
function truncateEnd(text: string, max: number): string {
  const segments = [...segmenter.segment(text)].map(({ segment }) => segment);
  let length = 0;
  let start = segments.length;
  while (start > 0) {
    const codePoints = [...(segments[start - 1] as string)].length;
    if (length + codePoints > max) break;
    length += codePoints;
    start -= 1;
  }
  return segments.slice(start).join("");
}

/** A 'press Enter to …' hint is at most this long (studio-admin.md §5). */
export const ENTER_HINT_MAX = 105;

/**
 * A hint that names what the user typed (`Press Enter to create gallery “…”`), at most
 * ENTER_HINT_MAX characters: the typed value is cut (…) so the sentence around it stays whole.
 */
export function enterHint(sentence: (value: string) => string, value: string, max = ENTER_HINT_MAX): string {
  const full = sentence(value);
  const over = [...full].length - max;
  if (over <= 0) return full;
  return sentence(`${truncateText(value, Math.max(0, [...value].length - over - 1)).trimEnd()}…`);
}
