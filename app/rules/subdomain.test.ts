import { expect, test } from "vitest";
import { subdomainAddress, subdomainNameSchema, subdomainNameSchemaFor, subdomainOfHost } from "./subdomain.ts";

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
  expect(subdomainAddress("https://content.example.com", "epaper.example.com", "news")).toBe("https://news.epaper.example.com/");
});
