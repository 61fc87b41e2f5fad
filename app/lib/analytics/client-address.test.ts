import { describe, expect, it } from "vitest";
import { truncateAddress } from "./client-address";

describe("truncateAddress", () => {
  it.each([
    ["203.0.113.77", "203.0.113.0"],
    ["10.0.0.255", "10.0.0.0"],
    ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3::"],
    ["2001:DB8::1", "2001:db8:0::"],
    ["2a02:1810:4d02:1e00::1%eth0", "2a02:1810:4d02::"],
    ["::ffff:198.51.100.9", "198.51.100.0"],
    ["::1", "0:0:0::"],
  ])("%s is kept as %s", (address, truncated) => {
    expect(truncateAddress(address)).toBe(truncated);
  });

  it.each(["", "  ", "256.1.1.1", "1.2.3", "1.2.3.4.5", "2001:db8::1::2", "2001:db8:g::1", "1:2:3:4:5:6:7:8:9", "localhost", "<script>"])(
    "%j is no address: none is kept",
    (value) => {
      expect(truncateAddress(value)).toBeNull();
    },
  );

  it("keeps none when there is none", () => {
    expect(truncateAddress(null)).toBeNull();
  });
});
