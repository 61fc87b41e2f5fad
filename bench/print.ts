// The bench's output: numbers, paths and tables as printed.
import path from "node:path";
import { ROOT } from "./settings.ts";

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function rel(p: string) {
  return path.relative(ROOT, p) || ".";
}

export function fmt(n: number, digits: number) {
  return Number.isFinite(n) ? n.toFixed(digits) : "n/a";
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function table(head: string[], rows: string[][], alignRight: boolean[]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    `  ${cells.map((c, i) => (alignRight[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ")}`;
  console.log(line(head));
  console.log(`  ${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const r of rows) console.log(line(r));
}

export function section(title: string) {
  console.log(`\n== ${title}`);
}
