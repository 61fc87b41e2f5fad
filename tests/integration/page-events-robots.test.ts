import { describe, expect, it } from "vitest";
import { HEALTH_CHECK_AGENTS, isRobot } from "~/lib/analytics/robots.server";

describe("isRobot", () => {
  it.each(HEALTH_CHECK_AGENTS)("refuses the health check %s inside a browser's agent string", (agent) => {
    expect(
      isRobot(
        `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 ${agent}/1.0`,
      ),
    ).toBe(true);
  });

  it("lets browsers through and refuses no agent at all", () => {
    expect(
      isRobot(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe(false);
    expect(
      isRobot(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0",
      ),
    ).toBe(false);
    expect(isRobot(null)).toBe(true);
    expect(isRobot(" ")).toBe(true);
  });
});
