import { describe, expect, it } from "vitest";
import { formBody } from "./form-body";

const post = (body: BodyInit, type = "application/x-www-form-urlencoded") =>
  new Request("https://x.test/", { method: "POST", body, headers: { "content-type": type } });

describe("a form-encoded body's fields", () => {
  it("are read as the browser encoded them, accents and repeated names included", async () => {
    const fields = await formBody(post("name=Jos%C3%A9+L%C3%B3pez&tag=a&tag=b&empty="));
    expect(fields.get("name")).toBe("José López");
    expect(fields.getAll("tag")).toEqual(["a", "b"]);
    expect(fields.get("empty")).toBe("");
  });

  it("come from bytes that are not UTF-8 or not a form without throwing: whatever fields they hold, for the caller to check", async () => {
    expect(Object.fromEntries(await formBody(post(new Uint8Array([0x6f, 0x3d, 0xff, 0xfe]))))).toEqual({
      o: "\uFFFD\uFFFD",
    });
    expect([...(await formBody(post('{"order":"X"}', "application/json")))]).toEqual([['{"order":"X"}', ""]]);
    expect([...(await formBody(post("")))]).toEqual([]);
  });
});
