import { describe, expect, it } from "vitest";
import { SERVED_STATS_ENDPOINT } from "@ep/publisher/src/manifest.ts";
import { statisticsOn, statsManifestFields } from "./reader-settings.server.ts";

type Row = Parameters<typeof statisticsOn>[0];

describe("readership statistics in the manifest (issue 31)", () => {
  it("are on unless the ePaper's setting switches them off", () => {
    expect(statisticsOn(undefined)).toBe(true);
    expect(statisticsOn({ statisticsActive: true } as Row)).toBe(true);
    expect(statisticsOn({ statisticsActive: false } as Row)).toBe(false);
  });

  it("go to the publication's own endpoint in the forms the studio serves", () => {
    expect(statsManifestFields({ on: true, form: "files" })).toEqual({ statsEndpoint: SERVED_STATS_ENDPOINT });
  });

  it("are off in a zip package unless the customer named an endpoint", () => {
    expect(statsManifestFields({ on: true, form: "zip" })).toEqual({});
    expect(statsManifestFields({ on: true, form: "zip", zipEndpoint: "https://stats.customer.example/collect" })).toEqual({
      statsEndpoint: "https://stats.customer.example/collect",
    });
  });

  it("are off in every form when switched off", () => {
    for (const form of ["files", "zip"] as const) {
      expect(statsManifestFields({ on: false, form, zipEndpoint: "https://stats.customer.example/collect" })).toEqual({ stats: false });
    }
  });
});
