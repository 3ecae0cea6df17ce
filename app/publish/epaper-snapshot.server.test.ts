import { describe, expect, it } from "vitest";
import { customHtmlDocument } from "./epaper-snapshot.server.ts";

describe("the published custom-HTML document", () => {
  it("cuts text mode again and gives it the base style; HTML mode is the customer's code", async () => {
    const text = customHtmlDocument("text", '<p>Hi<script>x()</script></p><a href="javascript:x()">y</a>');
    expect(text).toMatch(/^<style>body\{/);
    expect(text).not.toContain("script");
    expect(text).not.toContain("javascript:");
    expect(text).toContain("<p>Hi</p>");
    expect(customHtmlDocument("html", "<script>run()</script>")).toBe("<script>run()</script>");
  });
});
