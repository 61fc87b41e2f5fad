import { describe, expect, it } from "vitest";
import { bytesStored, partsOf, partsToSend, resumeKey, retryDelay } from "./parts-plan";

const MIB = 1024 * 1024;

describe("the browser's plan for a file in parts", () => {
  it("cuts a file into parts of one size but the last, numbered from 1, covering every byte once", () => {
    const parts = partsOf(60 * MIB + 5, 8 * MIB);
    expect(parts).toHaveLength(8);
    expect(parts[0]).toEqual({ number: 1, start: 0, end: 8 * MIB });
    expect(parts.at(-1)).toEqual({ number: 8, start: 56 * MIB, end: 60 * MIB + 5 });
    expect(parts.every((part, index) => index === 0 || part.start === parts[index - 1]!.end)).toBe(true);
    expect(partsOf(8 * MIB, 8 * MIB)).toEqual([{ number: 1, start: 0, end: 8 * MIB }]);
  });

  it("resumes with only the parts the server lacks, counting the stored ones as sent", () => {
    const parts = partsOf(20 * MIB, 8 * MIB);
    expect(partsToSend(parts, [2]).map((part) => part.number)).toEqual([1, 3]);
    expect(partsToSend(parts, [1, 2, 3])).toEqual([]);
    expect(bytesStored(parts, [3])).toBe(4 * MIB);
    expect(bytesStored(parts, [])).toBe(0);
  });

  it("waits longer after each failure, up to 30 s", () => {
    expect(retryDelay(1, 0)).toBe(1000);
    expect(retryDelay(3, 0)).toBe(4000);
    expect(retryDelay(3, 1)).toBe(4800);
    expect(retryDelay(20, 0)).toBe(30_000);
  });

  it("knows the same file again by its name, size and time, and a different one as different", () => {
    const photo = { name: "IMG_0001.jpg", size: 60 * MIB, lastModified: 1_700_000_000_000 };
    expect(resumeKey({ ...photo })).toBe(resumeKey(photo));
    expect(resumeKey({ ...photo, lastModified: 1 })).not.toBe(resumeKey(photo));
    expect(resumeKey({ ...photo, size: 1 })).not.toBe(resumeKey(photo));
    expect(resumeKey(photo, "/fr")).not.toBe(resumeKey(photo));
  });
});
