import { expect, test } from "vitest";
import { channelDomainFor, subdomainAddress, subdomainNameSchema, subdomainNameSchemaFor, subdomainOfHost } from "./subdomain.ts";

const messageOf = (name: string) => {
  const result = subdomainNameSchema.safeParse(name);
  return result.success ? result.data : result.error.issues[0]?.message;
};

test("letters, digits and hyphens, no umlauts, lower case, not reserved (studio-admin.md §5)", () => {
  expect(messageOf("  News-2026 ")).toBe("news-2026");
  expect(messageOf("")).toBe("subdomains.errors.nameRequired");
  expect(messageOf("zeitung-möwe")).toBe("subdomains.errors.nameInvalid");
  expect(messageOf("a_b")).toBe("subdomains.errors.nameInvalid");
  expect(messageOf("a.b")).toBe("subdomains.errors.nameInvalid");
  expect(messageOf("-news")).toBe("subdomains.errors.nameHyphen");
  expect(messageOf("news-")).toBe("subdomains.errors.nameHyphen");
  expect(messageOf("WWW")).toBe("subdomains.errors.nameReserved");
  expect(messageOf("studio")).toBe("subdomains.errors.nameReserved");
  expect(messageOf("x".repeat(64))).toBe("subdomains.errors.nameTooLong");
});

test("localhost is reserved; xn-- and other lookalike labels only for an admin (issue 27, ADR 0041)", () => {
  expect(messageOf("localhost")).toBe("subdomains.errors.nameReserved");
  expect(messageOf("LocalHost")).toBe("subdomains.errors.nameReserved");
  expect(messageOf("xn--mwe-zna")).toBe("subdomains.errors.nameLookalike");
  expect(messageOf("ab--cd")).toBe("subdomains.errors.nameLookalike");
  expect(messageOf("a--b")).toBe("a--b");
  expect(messageOf("abc--d")).toBe("abc--d");
  expect(subdomainNameSchemaFor({ allowLookalike: true }).safeParse("xn--mwe-zna").data).toBe("xn--mwe-zna");
  // An admin's xn-- subdomain is served.
  expect(subdomainOfHost("xn--mwe-zna.localhost:3101", "localhost:3101")).toBe("xn--mwe-zna");
});

test("the Host of a request names a subdomain only directly under the channel domain", () => {
  expect(subdomainOfHost("News.Localhost:3101", "localhost:3101")).toBe("news");
  expect(subdomainOfHost("localhost:3101", "localhost:3101")).toBeNull();
  expect(subdomainOfHost("a.b.localhost:3101", "localhost:3101")).toBeNull();
  expect(subdomainOfHost("news.localhost:3102", "localhost:3101")).toBeNull();
  expect(subdomainOfHost("www.epaper.example.com", "epaper.example.com")).toBeNull();
});

// Issue 30, item 9: `npm start` (production mode) on one machine, without CHANNEL_DOMAIN.
const unset = channelDomainFor({ channelDomain: undefined, contentUrl: "http://127.0.0.1:3001", contentPort: 3001 });
const set = channelDomainFor({ channelDomain: "ePaper.example.com", contentUrl: "https://content.example.com", contentPort: 3001 });

test("without CHANNEL_DOMAIN, subdomains live under localhost with the content port, on this machine only", () => {
  expect(unset).toEqual({ host: "localhost:3001", protocol: "http:", local: true });
  // The port the content origin listens on, whatever address CONTENT_URL names (a proxy in front).
  expect(channelDomainFor({ channelDomain: undefined, contentUrl: "https://content.example.com", contentPort: 4001 })).toEqual({
    host: "localhost:4001",
    protocol: "http:",
    local: true,
  });
  expect(subdomainOfHost("foo.localhost:3001", unset.host)).toBe("foo");
  expect(subdomainOfHost("FOO.LocalHost:3001", unset.host)).toBe("foo");
  // localhost:3001 itself names no channel (the content server answers it only as its own host).
  expect(subdomainOfHost("localhost:3001", unset.host)).toBeNull();
  expect(subdomainOfHost("a.b.localhost:3001", unset.host)).toBeNull();
  expect(subdomainOfHost("foo.localhost", unset.host)).toBeNull();
  expect(subdomainOfHost("foo.localhost:3000", unset.host)).toBeNull();
  // The reserved and lookalike rules are those of every name (ADR 0041).
  expect(subdomainOfHost("localhost.localhost:3001", unset.host)).toBeNull();
  expect(subdomainOfHost("www.localhost:3001", unset.host)).toBeNull();
  expect(subdomainOfHost("xn--mwe-zna.localhost:3001", unset.host)).toBe("xn--mwe-zna");
  expect(subdomainAddress(unset, "foo")).toBe("http://foo.localhost:3001/");
});

test("with CHANNEL_DOMAIN, subdomains live under it with the content origin's protocol, and localhost names none", () => {
  expect(set).toEqual({ host: "epaper.example.com", protocol: "https:", local: false });
  expect(subdomainOfHost("foo.epaper.example.com", set.host)).toBe("foo");
  expect(subdomainOfHost("Foo.ePaper.Example.com", set.host)).toBe("foo");
  expect(subdomainOfHost("foo.localhost:3001", set.host)).toBeNull();
  expect(subdomainOfHost("a.b.epaper.example.com", set.host)).toBeNull();
  expect(subdomainAddress(set, "foo")).toBe("https://foo.epaper.example.com/");
  // A development or test setting of localhost keeps the content origin's protocol, as before.
  const e2e = channelDomainFor({ channelDomain: "localhost:3101", contentUrl: "http://127.0.0.1:3101", contentPort: 3101 });
  expect(subdomainAddress(e2e, "news")).toBe("http://news.localhost:3101/");
});
