import { describe, expect, it } from "vitest";
import { truncateIp } from "./client-address";

describe("truncateIp", () => {
  it.each([
    ["203.0.113.77", "203.0.113.0"],
    [" 198.51.100.9 ", "198.51.100.0"],
    ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3::"],
    ["2001:0DB8:0000::1", "2001:db8:0::"],
    ["::1", "0:0:0::"],
    ["::ffff:192.0.2.1", "0:0:0::"],
  ])("%s keeps %s", (address, kept) => {
    expect(truncateIp(address)).toBe(kept);
  });

  it.each(["", "999.1.1.1", "1.2.3", "not-an-ip", "1::2::3", "2001:db8:85a3:8d3:1319:8a2e:370:7348:1", "<script>"])("refuses %j", (address) => {
    expect(truncateIp(address)).toBeNull();
  });
});
