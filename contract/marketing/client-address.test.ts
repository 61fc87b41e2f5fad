import { describe, expect, it } from "vitest";
import { truncateIp } from "./client-address";

describe("truncateIp", () => {
  it.each([
    ["203.0.113.77", "203.0.113.0"],
    [" 198.51.100.9 ", "198.51.100.0"],
    ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3::"],
    ["2001:0DB8:0000::1", "2001:db8:0::"],
    ["::1", "0:0:0::"],
    ["::ffff:192.0.2.1", "192.0.2.0"],
    ["010.0.0.255", "10.0.0.0"],
    ["2001:DB8::1", "2001:db8:0::"],
    ["2a02:1810:4d02:1e00::1%eth0", "2a02:1810:4d02::"],
  ])("%s keeps %s", (address, kept) => {
    expect(truncateIp(address)).toBe(kept);
  });

  it.each([
    "",
    "  ",
    "999.1.1.1",
    "256.1.1.1",
    "1.2.3",
    "1.2.3.4.5",
    "not-an-ip",
    "localhost",
    "1::2::3",
    "2001:db8:g::1",
    "2001:db8:85a3:8d3:1319:8a2e:370:7348:1",
    "<script>",
    null,
    undefined,
  ])("refuses %j", (address) => {
    expect(truncateIp(address)).toBeNull();
  });
});
