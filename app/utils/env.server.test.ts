import { describe, expect, test } from "vitest";
import { InvalidConfigurationError, parseEnv } from "./env.server.ts";

describe("parseEnv", () => {
  test("an empty environment gives settings that serve one machine", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      PUBLIC_URL: "http://localhost:3000",
      CONTENT_URL: "http://127.0.0.1:3001",
      DATABASE_URL: "mysql://root@127.0.0.1:3306/epaper",
      REDIS_URL: "redis://127.0.0.1:6379",
    });
    expect(env.DATA_DIR.startsWith("/")).toBe(true);
  });

  test("the content origin differs from the studio's by host, so cookies never reach customer code", () => {
    const env = parseEnv({ PORT: "4000", CONTENT_PORT: "4001" });
    expect(new URL(env.PUBLIC_URL).hostname).not.toBe(new URL(env.CONTENT_URL).hostname);
  });

  // Issue 16, finding 5: a content origin on the studio's host name shares the studio's cookies.
  test("a content origin on the studio's host name is refused, whatever its port", () => {
    expect(() => parseEnv({ PUBLIC_URL: "http://localhost:3000", CONTENT_URL: "http://localhost:3001" })).toThrow(
      /CONTENT_URL: needs a host name of its own/,
    );
    expect(() => parseEnv({ PUBLIC_URL: "https://studio.example.org", CONTENT_URL: "https://STUDIO.example.org:8443" })).toThrow(
      InvalidConfigurationError,
    );
  });

  test("Redis may need a password or an ACL user, and TLS", () => {
    expect(parseEnv({ REDIS_URL: "rediss://worker:s3cret@redis.internal:6380/0" }).REDIS_URL).toBe(
      "rediss://worker:s3cret@redis.internal:6380/0",
    );
  });

  test("outbound fetches reach no private address unless one is listed as host:port", () => {
    expect(parseEnv({}).OUTBOUND_ALLOW_PRIVATE).toEqual([]);
    expect(parseEnv({ OUTBOUND_ALLOW_PRIVATE: "127.0.0.1:3106,[::1]:80" }).OUTBOUND_ALLOW_PRIVATE).toEqual(["127.0.0.1:3106", "[::1]:80"]);
    expect(() => parseEnv({ OUTBOUND_ALLOW_PRIVATE: "10.0.0.0/8" })).toThrow(/OUTBOUND_ALLOW_PRIVATE: must be host:port entries/);
  });

  test("empty variables count as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });

  test("every wrong value is named in one message", () => {
    let message = "";
    try {
      parseEnv({ PORT: "http", DATABASE_URL: "postgres://x/y", REDIS_URL: "nope", SESSION_SECRET: "short" });
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidConfigurationError);
      message = (error as Error).message;
    }
    expect(message).toContain("PORT: must be a port number");
    expect(message).toContain('DATABASE_URL: must be a URL starting with mysql:// or mariadb:// (got "postgres://x/y")');
    expect(message).toContain("REDIS_URL: must be a URL starting with redis:// or rediss://");
    expect(message).toContain("SESSION_SECRET: must be at least 32 characters (value hidden)");
  });

  test("a wrong address with credentials in it is not echoed", () => {
    expect(() => parseEnv({ SMTP_URL: "ftp://mailer:hunter2-password@mail" })).toThrow(/SMTP_URL: .*\(value hidden\)/);
    expect(() => parseEnv({ SMTP_URL: "ftp://mailer:hunter2-password@mail" })).not.toThrow(/hunter2/);
    expect(() => parseEnv({ RENDER_WIDTHS: "wide" })).toThrow(/RENDER_WIDTHS: .*\(got "wide"\)/);
  });

  test("a shop needs the secret its webhook calls are signed with", () => {
    expect(() => parseEnv({ SHOP_URL: "https://shop.example.org/" })).toThrow(/SHOP_WEBHOOK_SECRET: must be set when SHOP_URL is set/);
    const env = parseEnv({ SHOP_URL: "https://shop.example.org/", SHOP_WEBHOOK_SECRET: "s".repeat(32) });
    expect(env.SHOP_URL).toBe("https://shop.example.org");
    expect(parseEnv({}).SHOP_URL).toBeUndefined();
  });

  // What server/run-all.ts hands the studio when npm start runs the sandbox shop (no SHOP_URL set):
  // accepted in production too, which npm start is.
  test("the sandbox shop's address and generated secret pass, in production as well", () => {
    const sandbox = { SHOP_URL: "http://127.0.0.1:3003", SHOP_WEBHOOK_SECRET: "Zx1Yw2".repeat(7).slice(0, 43) };
    expect(parseEnv(sandbox).SHOP_URL).toBe("http://127.0.0.1:3003");
    const production = parseEnv({
      ...sandbox,
      NODE_ENV: "production",
      SESSION_SECRET: "a-private-session-secret-0123456789abcdef",
      RENDER_NODE_TOKEN: "a-private-render-node-token-0123456789abc",
      PUBLIC_URL: "http://localhost:3000",
      CONTENT_URL: "http://127.0.0.1:3001",
    });
    expect(production.SHOP_URL).toBe("http://127.0.0.1:3003");
  });

  // Unset, in every mode, subdomains live under localhost:CONTENT_PORT (channelDomainFor, issue 30).
  test("channel subdomains live under CHANNEL_DOMAIN, as the operator set it or not at all", () => {
    expect(parseEnv({ CONTENT_PORT: "4001" }).CHANNEL_DOMAIN).toBeUndefined();
    expect(parseEnv({ CHANNEL_DOMAIN: "ePaper.example.com" }).CHANNEL_DOMAIN).toBe("epaper.example.com");
    expect(() => parseEnv({ CHANNEL_DOMAIN: "https://epaper.example.com" })).toThrow(/CHANNEL_DOMAIN: must be a host name/);
  });

  test("render settings parse into numbers", () => {
    expect(parseEnv({ RENDER_WIDTHS: "1200,600" }).RENDER_WIDTHS).toEqual([1200, 600]);
    expect(parseEnv({}).WORKER_URL).toBe("http://127.0.0.1:3002");
    expect(() => parseEnv({ RENDER_WIDTHS: "9000" })).toThrow(/between 16 and 4096/);
  });

  test("upload limits default to 200 MB and 1000 pages and must be whole positive numbers", () => {
    expect(parseEnv({})).toMatchObject({ UPLOAD_MAX_MB: 200, UPLOAD_MAX_PAGES: 1000 });
    expect(parseEnv({ UPLOAD_MAX_MB: "50", UPLOAD_MAX_PAGES: "300" })).toMatchObject({ UPLOAD_MAX_MB: 50, UPLOAD_MAX_PAGES: 300 });
    expect(() => parseEnv({ UPLOAD_MAX_MB: "big" })).toThrow(/UPLOAD_MAX_MB: must be a number of megabytes \(got "big"\)/);
    expect(() => parseEnv({ UPLOAD_MAX_PAGES: "0" })).toThrow(/UPLOAD_MAX_PAGES/);
  });

  test("production refuses the development secrets and needs its public addresses", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
      /SESSION_SECRET: must be set in production[\s\S]*RENDER_NODE_TOKEN[\s\S]*PUBLIC_URL[\s\S]*CONTENT_URL/,
    );
  });

  test("production starts with its own secrets and addresses", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(40),
      RENDER_NODE_TOKEN: "t".repeat(40),
      PUBLIC_URL: "https://studio.example.org/",
      CONTENT_URL: "https://content.example.org",
    });
    expect(env.PUBLIC_URL).toBe("https://studio.example.org");
    expect(env.LANDING_URL).toBe("https://studio.example.org");
  });
});
