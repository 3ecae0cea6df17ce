/**
 * Readable reader controls for any interface colour (issue 15 §0). Pure: the publisher, the
 * reader and the studio's settings form import it, so all three agree on what the reader shows.
 *
 * WCAG 2.x relative luminance and contrast ratio; a colour with alpha is composited over the
 * backdrop it is shown on (the page area's colour, white when unknown).
 */

/** The two control colours the reader has: light controls (white) and dark controls. */
export const LIGHT_CONTROLS = "#ffffff";
export const DARK_CONTROLS = "#1d1d1f";
/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;

type Rgb = [number, number, number];

/** `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` as 0–255 channels and alpha 0–1; null for anything else. */
export function parseHexColor(value: string): { rgb: Rgb; alpha: number } | null {
  const match = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value.trim());
  if (!match) return null;
  let hex = match[1] as string;
  if (hex.length <= 4) hex = [...hex].map((digit) => digit + digit).join("");
  const channel = (index: number) => Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return { rgb: [channel(0), channel(1), channel(2)], alpha: hex.length === 8 ? channel(3) / 255 : 1 };
}

function composite(color: { rgb: Rgb; alpha: number }, backdrop: Rgb): Rgb {
  return color.rgb.map((value, index) => value * color.alpha + (backdrop[index] as number) * (1 - color.alpha)) as Rgb;
}

export function relativeLuminance([red, green, blue]: Rgb): number {
  const linear = (value: number) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

export function contrastRatio(first: Rgb, second: Rgb): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export type ReadableControls = {
  /** The controls' colour the reader uses. */
  foreground: string;
  /** Whether that is the dark variant. */
  dark: boolean;
  /** True when the user's choice (dark or light controls) would have been below 4.5:1 and was switched. */
  switched: boolean;
  /** The contrast of the controls the reader shows. */
  contrast: number;
};

/**
 * The controls' colour for an interface colour: the user's choice (`wantDark`) when it reaches
 * 4.5:1, otherwise the other variant when that reads better. An unparsable colour keeps the choice.
 */
export function readableControls(interfaceColor: string, wantDark: boolean, backdrop = "#ffffff"): ReadableControls {
  const parsed = parseHexColor(interfaceColor);
  const base = parseHexColor(backdrop)?.rgb ?? [255, 255, 255];
  const chosen = { foreground: wantDark ? DARK_CONTROLS : LIGHT_CONTROLS, dark: wantDark };
  if (!parsed) return { ...chosen, switched: false, contrast: Number.NaN };
  const surface = composite(parsed, base);
  const contrastOf = (dark: boolean) => contrastRatio(surface, (parseHexColor(dark ? DARK_CONTROLS : LIGHT_CONTROLS) as { rgb: Rgb }).rgb);
  const wanted = contrastOf(wantDark);
  if (wanted >= MIN_CONTRAST) return { ...chosen, switched: false, contrast: wanted };
  const other = contrastOf(!wantDark);
  if (other <= wanted) return { ...chosen, switched: false, contrast: wanted };
  return { foreground: wantDark ? LIGHT_CONTROLS : DARK_CONTROLS, dark: !wantDark, switched: true, contrast: other };
}
