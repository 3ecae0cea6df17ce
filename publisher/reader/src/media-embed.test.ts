import { describe, expect, it } from "vitest";
import { isSafeHref, mailtoHref, videoEmbed } from "./media-embed.ts";
import { shareHref } from "./share-links.ts";
import { format, textsFor } from "./texts.ts";

describe("videoEmbed", () => {
  it("plays YouTube in its no-cookie embed player", () => {
    const embed = { kind: "iframe", src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" };
    expect(videoEmbed("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10")).toEqual(embed);
    expect(videoEmbed("https://youtu.be/dQw4w9WgXcQ")).toEqual(embed);
    expect(videoEmbed("https://m.youtube.com/shorts/dQw4w9WgXcQ")).toEqual(embed);
  });
  it("plays Vimeo in its player", () => {
    expect(videoEmbed("https://vimeo.com/76979871")).toEqual({ kind: "iframe", src: "https://player.vimeo.com/video/76979871" });
  });
  it("plays mp4, m4v and mov files in <video>", () => {
    expect(videoEmbed("media/clip.mp4")).toEqual({ kind: "file", src: "media/clip.mp4", type: "video/mp4" });
    expect(videoEmbed("https://cdn.example.com/a.MOV?x=1")).toMatchObject({ type: "video/quicktime" });
    expect(videoEmbed("https://cdn.example.com/a.m4v")).toMatchObject({ type: "video/mp4" });
  });
  it("refuses what it cannot play", () => {
    expect(videoEmbed("https://example.com/page.html")).toBeNull();
    expect(videoEmbed("https://www.youtube.com/watch")).toBeNull();
  });
});

describe("links", () => {
  it("builds mailto links with encoded subject and body", () => {
    expect(mailtoHref("info@example.com", "Hello & welcome", "Line one")).toBe(
      "mailto:info@example.com?subject=Hello%20%26%20welcome&body=Line%20one",
    );
    expect(mailtoHref("a@x.de; b@x.de", null, null)).toBe("mailto:a@x.de,b@x.de");
  });
  it("follows only web, mail and phone links", () => {
    expect(isSafeHref("https://example.com")).toBe(true);
    expect(isSafeHref("media/clip.mp4")).toBe(true);
    expect(isSafeHref("javascript:alert(1)")).toBe(false);
    expect(isSafeHref("data:text/html,x")).toBe(false);
  });
  it("shares the page URL on each network", () => {
    const url = "https://e.example/epaper/#/page/3";
    expect(shareHref("facebook", url, "T")).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`);
    expect(shareHref("whatsapp", url, "T")).toBe(`https://wa.me/?text=${encodeURIComponent(`T ${url}`)}`);
    expect(shareHref("email", url, "T & U")).toBe(`mailto:?subject=T%20%26%20U&body=${encodeURIComponent(`T & U\n${url}`)}`);
  });
});

describe("texts", () => {
  it("speaks German and English, English for the rest", () => {
    expect(textsFor("de").next).toBe("Nächste Seite");
    expect(textsFor("de_AT").next).toBe("Nächste Seite");
    expect(textsFor("en").next).toBe("Next page");
    expect(textsFor("zh_Hans").next).toBe("Next page");
  });
  it("has every English text in German too, translated", () => {
    const en = textsFor("en");
    const de = textsFor("de");
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    const same = Object.keys(en).filter((key) => en[key as keyof typeof en] === de[key as keyof typeof de]);
    // Words that are the same in both languages.
    expect(same.sort()).toEqual(["logo", "readerLabel"]);
  });
  it("fills placeholders", () => {
    expect(format("Page {page} of {total}", { page: "2–3", total: 8 })).toBe("Page 2–3 of 8");
    expect(format("{missing}", {})).toBe("{missing}");
  });
});
