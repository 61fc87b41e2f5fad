// Readings of /proc: other work on the machine (a test run, a browser) skews the numbers, so each run reports the share
// of the machine's CPU used by processes other than its server and wrk (for 1 s while the server sits idle, and during
// the measured run), and the server's own CPU per request. Linux /proc only; elsewhere NaN.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { fmt, rel } from "./print.ts";

type ProcStat = { pgid: number; ticks: number; name: string };

/**
 * A process's group, its CPU ticks so far (user + system) and its name, from /proc/<pid>/stat; null once it has ended.
 */
function procStat(pid: string): ProcStat | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return {
      pgid: Number(fields[2]),
      ticks: Number(fields[11]) + Number(fields[12]),
      name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
    };
  } catch {
    return null;
  }
}

/** Every running process's group and ticks, by pid. */
function processStats(): Map<string, ProcStat> {
  const stats = new Map<string, ProcStat>();
  for (const pid of readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
    const stat = procStat(pid);
    if (stat) stats.set(pid, stat);
  }
  return stats;
}

/** A process's resident memory in MB, from /proc/<pid>/status (0 once it has ended). */
export function residentMb(pid: number | string): number {
  try {
    return Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** A process's CPU ticks so far (0 once it has ended). */
export function procTicks(pid: number): number {
  return procStat(String(pid))?.ticks ?? 0;
}

export type CpuMark = {
  idle: number;
  total: number;
  server: number;
  workerd: number;
  /** workerd's resident memory (MB): it grows with every request served, and workerd slows as it does. */
  workerdMb: number;
  serverPgid: number | undefined;
  processes: Map<string, { pgid: number; ticks: number }>;
};

export function cpuMark(serverPgid: number | undefined): CpuMark | null {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const processes = processStats();
    let server = 0;
    let workerd = 0;
    let workerdMb = 0;
    for (const [pid, stat] of processes) {
      if (stat.pgid !== serverPgid) continue;
      server += stat.ticks;
      if (stat.name !== "workerd") continue;
      workerd += stat.ticks;
      workerdMb += residentMb(pid);
    }
    return {
      idle: fields[3] + (fields[4] ?? 0),
      total: fields.reduce((a, b) => a + b, 0),
      server,
      workerd,
      workerdMb,
      serverPgid,
      processes,
    };
  } catch {
    return null;
  }
}

/** Linux's clock ticks in /proc (USER_HZ): 100 a second. */
const TICK_MS = 10;

/**
 * The server's CPU per request between two marks, split into workerd (every worker, KV, D1) and the rest of its
 * process group (`vite preview`'s Node process, which passes each request on to workerd).
 */
export function serverCpuPerRequest(a: CpuMark | null, b: CpuMark | null, requests: number): ServerCpu {
  if (!a || !b || requests <= 0) return { workerdMs: NaN, previewMs: NaN, workerdMb: NaN };
  const workerd = b.workerd - a.workerd;
  return {
    workerdMs: (workerd * TICK_MS) / requests,
    previewMs: ((b.server - a.server - workerd) * TICK_MS) / requests,
    workerdMb: b.workerdMb,
  };
}
/** CPU per request in workerd and in the rest of the server's group; workerd's resident memory after the run. */
export type ServerCpu = { workerdMs: number; previewMs: number; workerdMb: number };

/** Share of all CPUs between two marks used by anything but the server and `ownTicks` (wrk's). */
export function otherLoad(a: CpuMark | null, b: CpuMark | null, ownTicks = 0): number {
  if (!a || !b || b.total <= a.total) return NaN;
  const total = b.total - a.total;
  return Math.max(0, 1 - (b.idle - a.idle) / total - (b.server - a.server) / total - ownTicks / total);
}

/**
 * The processes outside the server's group (wrk has ended by the second mark) that used the most CPU between two marks.
 */
export function busiestOthers(a: CpuMark | null, b: CpuMark | null): string {
  if (!a || !b || b.total <= a.total) return "";
  const total = b.total - a.total;
  const used: { pid: string; share: number }[] = [];
  for (const [pid, { pgid, ticks }] of b.processes) {
    if (Number(pid) === process.pid || pgid === b.serverPgid) continue;
    const share = (ticks - (a.processes.get(pid)?.ticks ?? 0)) / total;
    if (share >= 0.01) used.push({ pid, share });
  }
  const described = (pid: string) => {
    try {
      const line = readFileSync(`/proc/${pid}/cmdline`, "utf8")
        .split("\0")
        .filter(Boolean)
        .map((part) => part.replace(/^.*\/node_modules\//, ""))
        .join(" ");
      return `${line.slice(0, 60)} (${rel(readlinkSync(`/proc/${pid}/cwd`))})`;
    } catch {
      return `pid ${pid}`;
    }
  };
  return used
    .sort((x, y) => y.share - x.share)
    .slice(0, 3)
    .map(({ pid, share }) => `${described(pid)} ${fmt(share * 100, 0)}%`)
    .join(", ");
}
