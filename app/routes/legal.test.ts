import { expect, test } from "vitest";
import { FOOTER_LINKS, LEGAL_PAGES, TERMS } from "#db/seed-data";
import { loader } from "./legal.tsx";

// Issue 15: the terms, privacy, imprint and help links of a fresh installation led to pages that did not exist.

type Args = Parameters<typeof loader>[0];
const context = { get: () => ({ t: (key: string) => key }) } as unknown as Args["context"];
const load = (page: string) => {
  try {
    return { status: 200, data: loader({ params: { page }, context } as unknown as Args) };
  } catch (thrown) {
    return { status: (thrown as Response).status, data: null };
  }
};

test("every seeded footer and terms link is a page the studio serves", () => {
  const paths = [
    ...Object.values(TERMS).map((terms) => terms.path),
    ...Object.values(FOOTER_LINKS).flatMap((links) => Object.values(links)),
  ];
  expect(paths.length).toBeGreaterThanOrEqual(6);
  for (const path of paths) {
    const page = /^\/legal\/([a-z]+)$/.exec(path)?.[1] ?? "";
    expect(LEGAL_PAGES, path).toContain(page);
    expect(load(page).status, path).toBe(200);
  }
  expect(load("nonsense").status).toBe(302);
});
