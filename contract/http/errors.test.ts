import { describe, expect, it } from "vitest";
import { z } from "zod";
import { allowedMethods, errorBodySchema, issuesOf, methodNotAllowed } from "./errors";

describe("allowedMethods", () => {
  const routes = [
    { method: "ALL", path: "/*" },
    { method: "GET", path: "/carts/:id" },
    { method: "POST", path: "/carts/:id/lines" },
    { method: "DELETE", path: "/carts/:id/lines/:line{[0-9]+}" },
    { method: "GET", path: "/help/topics/:id{[0-9]+}" },
    { method: "POST", path: "/images/upload" },
  ];

  it.each([
    ["POST", "/carts/c-1", ["GET", "HEAD"]],
    ["GET", "/carts/c-1/lines", ["POST"]],
    ["GET", "/carts/c-1/lines/12", ["DELETE"]],
    ["GET", "/carts/c-1/lines/twelve", []],
    ["POST", "/help/topics/7", ["GET", "HEAD"]],
    ["POST", "/help/topics/seven", []],
    ["GET", "/images/upload/", ["POST"]],
    ["GET", "/nowhere", []],
    // The method is routed there: its handler found nothing, a 404.
    ["GET", "/carts/c-1", []],
  ] as const)("%s %s: %j", (method, path, allow) => {
    expect(allowedMethods(routes, method, path)).toEqual(allow);
  });
});

describe("the one error body", () => {
  it("answers a wrong method with 405, Allow and a body the one schema parses", async () => {
    const answer = methodNotAllowed("PUT", ["GET", "POST"]);
    expect([answer.status, answer.headers.get("allow")]).toEqual([405, "GET, POST"]);
    expect(errorBodySchema.parse(await answer.json()).error.code).toBe("methodNotAllowed");
  });

  it("formats zod's issues once: one line, and each field's first message", () => {
    const refused = z.object({ size: z.number(), name: z.string().max(2) }).safeParse({ name: "long" });
    expect(refused.success).toBe(false);
    if (refused.success) return;
    const { message, fieldErrors } = issuesOf(refused.error);
    expect(message).toMatch(/^size: .+; name: .+$/);
    expect(Object.keys(fieldErrors)).toEqual(["size", "name"]);
  });
});
