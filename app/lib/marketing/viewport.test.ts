import { describe, expect, it } from "vitest";
import { COOKIE_RULES } from "@contract/marketing/cookies";
import { parseViewport, VIEWPORT_COOKIE } from "./viewport";

describe("the viewport cookie", () => {
  it("is the registry's, by name and lifetime", () => {
    expect(VIEWPORT_COOKIE).toEqual({
      name: COOKIE_RULES.viewport.name,
      maxAgeSeconds: COOKIE_RULES.viewport.maxAgeSeconds,
    });
  });

  it("reads a screen's size and nothing else", () => {
    expect(parseViewport("1920x1080x1.25")).toEqual({
      screenWidth: 1920,
      screenHeight: 1080,
      screenDevicePixelRatio: 1.25,
    });
    for (const value of [null, "", "1920x1080", "1920x1080x0", "99999x1x1", "1e3x2x3", "390x844x3<script>"])
      expect(parseViewport(value)).toBeNull();
  });
});
