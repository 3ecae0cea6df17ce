import { describe, expect, it } from "vitest";
import { SERVED_STATS_ENDPOINT } from "@ep/publisher/src/manifest.ts";
import { statisticsOn, statsManifestFields, zipStatisticsOf, zipStatsEndpoint } from "./reader-settings.server.ts";

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

  describe("of a zip package (ADR 0053 'Zip packages')", () => {
    const CONTENT = "https://content.studio.example";
    const epaperId = "k3v9x2m1p8q7r6s5t4u3w2y1";
    const row = (values: Partial<NonNullable<Row>>) =>
      ({
        statisticsActive: true,
        zipStatisticsActive: false,
        zipStatisticsTarget: "studio",
        zipStatisticsEndpoint: null,
        ...values,
      }) as Row;
    /** The manifest fields a zip of these settings gets, as the build makes them. */
    const zipFields = (settings: Row) =>
      statsManifestFields({
        on: statisticsOn(settings),
        form: "zip",
        zipEndpoint: zipStatsEndpoint(zipStatisticsOf(settings), { epaperId, contentOrigin: CONTENT }),
      });

    it("send nothing by default, nor with an endpoint stored but the setting off", () => {
      expect(zipStatisticsOf(undefined)).toBeNull();
      expect(zipFields(row({}))).toEqual({});
      expect(zipFields(row({ zipStatisticsTarget: "endpoint", zipStatisticsEndpoint: "https://stats.customer.example/c" }))).toEqual({});
    });

    it("counted in this studio: the content origin's absolute address of this ePaper", () => {
      const settings = row({ zipStatisticsActive: true, zipStatisticsEndpoint: "https://stats.customer.example/c" });
      expect(zipStatisticsOf(settings)).toEqual({ target: "studio" });
      expect(zipFields(settings)).toEqual({ statsEndpoint: `${CONTENT}/zip/${epaperId}/_stats` });
      expect(zipStatsEndpoint({ target: "studio" }, { epaperId, contentOrigin: `${CONTENT}/` })).toBe(`${CONTENT}/zip/${epaperId}/_stats`);
      // A worker without the content origin fails the build rather than ship a zip that counts nothing.
      expect(() => zipStatsEndpoint({ target: "studio" }, { epaperId })).toThrow(/content origin/);
    });

    it("sent to my own endpoint: that address, and nothing until one is entered", () => {
      const settings = row({
        zipStatisticsActive: true,
        zipStatisticsTarget: "endpoint",
        zipStatisticsEndpoint: "https://stats.customer.example/c",
      });
      expect(zipFields(settings)).toEqual({ statsEndpoint: "https://stats.customer.example/c" });
      expect(zipFields(row({ zipStatisticsActive: true, zipStatisticsTarget: "endpoint" }))).toEqual({});
    });

    it("nothing at all while the ePaper's statistics are off", () => {
      expect(zipFields(row({ statisticsActive: false, zipStatisticsActive: true }))).toEqual({ stats: false });
    });
  });
});
