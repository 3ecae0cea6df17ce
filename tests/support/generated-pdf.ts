import { deflateSync } from "node:zlib";

/**
 * Small PDFs written by hand for what the corpus does not hold: objects in, a valid file with
 * its cross-reference table out. Each helper names the case it stands for.
 */
export function writePdf(objects: string[], streams: Record<number, string | { dict: string; data: Buffer }> = {}): Buffer {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((body, index) => {
    const number = index + 1;
    const stream = streams[number];
    // A stream is text (its dictionary only its length) or binary data with more dictionary entries.
    const data = stream === undefined ? null : typeof stream === "string" ? Buffer.from(stream, "latin1") : stream.data;
    const dict = stream === undefined || typeof stream === "string" ? "" : `${stream.dict} `;
    const chunk =
      data === null
        ? Buffer.from(`${number} 0 obj\n${body}\nendobj\n`, "latin1")
        : Buffer.concat([
            Buffer.from(`${number} 0 obj\n<< ${dict}/Length ${data.length} >>\nstream\n`, "latin1"),
            data,
            Buffer.from("\nendstream\nendobj\n", "latin1"),
          ]);
    offsets.push(length);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    "startxref",
    String(length),
    "%%EOF",
    "",
  ].join("\n");
  parts.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(parts);
}

const PAGE = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>";

/**
 * Japanese text in a CID font that is not embedded (Adobe-Japan1, UniJIS-UCS2-H): poppler needs
 * poppler-data's CMaps and a CJK font from fontconfig to draw it. The text is 日本語の新聞.
 */
export function nonEmbeddedJapanesePdf(): Buffer {
  return writePdf(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      PAGE,
      "<< /Type /Font /Subtype /Type0 /BaseFont /KozMinPro-Regular /Encoding /UniJIS-UCS2-H /DescendantFonts [6 0 R] >>",
      "",
      "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /KozMinPro-Regular /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 4 >> /FontDescriptor 7 0 R /DW 1000 >>",
      "<< /Type /FontDescriptor /FontName /KozMinPro-Regular /Flags 4 /FontBBox [-195 -272 1110 1075] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 740 /StemV 80 >>",
    ],
    // 日本語の新聞 as UCS-2 code points.
    { 5: "BT /F1 48 Tf 72 700 Td <65e5672c8a9e306e65b0805e> Tj ET" },
  );
}

/** Text that draws nothing (render mode 3, invisible): a page with text that renders blank. */
export function invisibleTextPdf(): Buffer {
  return writePdf(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      PAGE,
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
      "",
    ],
    { 5: "BT 3 Tr /F1 24 Tf 72 700 Td (Nothing to see here) Tj ET" },
  );
}

/**
 * Text in a CID font (Identity-H) whose embedded TrueType program is broken: poppler cannot load
 * it and draws nothing; pdf.js substitutes a font and draws the glyphs (issue 46's second
 * renderer). The text layer reads "+HOOR" (the glyph ids as poppler maps them).
 */
export function brokenEmbeddedCidFontPdf(): Buffer {
  return writePdf(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      PAGE,
      "<< /Type /Font /Subtype /Type0 /BaseFont /BrokenCID /Encoding /Identity-H /DescendantFonts [8 0 R] >>",
      "",
      "<< /Type /FontDescriptor /FontName /BrokenCID /Flags 32 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 7 0 R >>",
      "",
      "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /BrokenCID /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 6 0 R /DW 600 >>",
    ],
    { 5: "BT /F1 36 Tf 72 700 Td <002B0048004F004F0052> Tj ET", 7: "x".repeat(400) },
  );
}

/**
 * One page drawing an image that declares 60,000 × 60,000 grey pixels (3.6 billion) from a 12 KB
 * stream: pdftoppm works on it for minutes; `pdfimages -list` reads the declared size at once
 * (issue 46: refused at analysis as too complex).
 */
export function declaredImageBombPdf(): Buffer {
  return writePdf(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>",
      "",
      "",
    ],
    {
      4: {
        dict: "/Type /XObject /Subtype /Image /Width 60000 /Height 60000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode",
        data: deflateSync(Buffer.alloc(60_000 * 200, 0x80)),
      },
      5: "q 595 0 0 842 0 0 cm /Im1 Do Q",
    },
  );
}

/**
 * `count` A4 pages whose text is `${label} ${n}` (n = 1…count), so a test can tell every page by
 * its text after pages were inserted, moved or replaced. With `linkToLast`, page 1 carries a link
 * annotation to the last page (the PDF's own internal link).
 */
export function numberedPagesPdf(count: number, label: string, options: { linkToLast?: boolean } = {}): Buffer {
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>", "", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"];
  const streams: Record<number, string> = {};
  const pageRefs: number[] = [];
  for (let n = 1; n <= count; n++) {
    const pageObject = objects.length + 1;
    pageRefs.push(pageObject);
    objects.push("", "");
    streams[pageObject + 1] = `BT /F1 36 Tf 72 700 Td (${label} ${n}) Tj ET`;
  }
  pageRefs.forEach((ref, index) => {
    const annots =
      options.linkToLast && index === 0 && count > 1
        ? ` /Annots [<< /Type /Annot /Subtype /Link /Rect [72 600 300 650] /Border [0 0 0] /Dest [${pageRefs[count - 1]} 0 R /Fit] >>]`
        : "";
    objects[ref - 1] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${ref + 1} 0 R${annots} >>`;
  });
  objects[1] = `<< /Type /Pages /Kids [${pageRefs.map((ref) => `${ref} 0 R`).join(" ")}] /Count ${count} >>`;
  return writePdf(objects, streams);
}

/**
 * A scanner's page: one JPEG (DCTDecode, grey) filling a page of `widthPt` × `heightPt`, and no
 * text at all (OCR's case, issue 47). `pixels` are the JPEG's width and height.
 */
export function scannedPagePdf(
  jpeg: Buffer,
  pixels: { width: number; height: number },
  page: { widthPt: number; heightPt: number },
): Buffer {
  return writePdf(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.widthPt} ${page.heightPt}] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>`,
      "",
      "",
    ],
    {
      4: {
        dict: `/Type /XObject /Subtype /Image /Width ${pixels.width} /Height ${pixels.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode`,
        data: jpeg,
      },
      5: `q ${page.widthPt} 0 0 ${page.heightPt} 0 0 cm /Im1 Do Q`,
    },
  );
}
