import { describe, expect, test } from "vitest";
import { parseStudioEvent } from "./catalogue.ts";

describe("parseStudioEvent", () => {
  test("accepts the catalogue's events", () => {
    expect(parseStudioEvent('{"type":"forcedLogout"}')).toEqual({ type: "forcedLogout" });
    expect(parseStudioEvent('{"type":"testPhaseExpired","accountId":"a","removeAt":null}')).toMatchObject({ type: "testPhaseExpired" });
  });

  test.each(["", "not json", "null", "42", '"forcedLogout"', '{"type":"somethingNew"}', "{}"])("ignores %j", (data) => {
    expect(parseStudioEvent(data)).toBeNull();
  });
});
