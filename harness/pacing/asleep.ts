// Is a starting process group asleep? The start gate (start-gate.ts) keeps the cores for starts
// that use them: a process loading a runtime or a bundle. A start that sleeps (a client that
// waits seconds before it connects, a process waiting on the network) uses none, and holding
// its place would only queue the starts behind it: tested once per scenario, a client that
// takes five seconds to start would take minutes for a run. So a long start is looked at: when
// no process of its group was running or waiting to run, and the group used next to no CPU,
// at two looks in a row, it is asleep, and gives its place back. Linux only (/proc); elsewhere,
// and for a group that cannot be read, a start holds its place as the gate says.
import { readFileSync, readdirSync } from 'node:fs';

/** A start is first looked at after this long (a prompt start is over by then). */
const FIRST_LOOK_MS = 500;
/** Between looks. */
const LOOK_EVERY_MS = 250;
/** Asleep: less CPU than this share of one core between two looks. */
const ASLEEP_CPU_SHARE = 0.05;
/** Linux reports CPU times in clock ticks of 1/100 s (USER_HZ) on every architecture Node runs on. */
const TICK_MS = 10;

interface GroupLook {
  /** Some process of the group is running or runnable (R), or in uninterruptible I/O (D). */
  busy: boolean;
  /** CPU time of the group's processes so far, in ms. */
  cpuMs: number;
}

/** One look at process group `pgid` through /proc; undefined when there is none to read. */
export function lookAtGroup(pgid: number): GroupLook | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  let found = false;
  let busy = false;
  let ticks = 0;
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'latin1');
    } catch {
      continue; // gone meanwhile
    }
    // "pid (comm) state ppid pgrp ... utime stime": comm may hold anything, so split after its ")".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    found = true;
    if (fields[0] === 'R' || fields[0] === 'D') busy = true;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return found ? { busy, cpuMs: ticks * TICK_MS } : undefined;
}

/**
 * Call `onAsleep` once process group `pgid` is seen asleep during its start; the function
 * returned stops looking (call it when the start is over, whichever way).
 */
export function whenAsleep(pgid: number, onAsleep: () => void, look: (pgid: number) => GroupLook | undefined = lookAtGroup): () => void {
  let timer: NodeJS.Timeout | undefined;
  let last: { at: number; look: GroupLook } | undefined;
  let quiet = 0;
  const next = (ms: number) => {
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    const now = performance.now();
    const seen = look(pgid);
    if (!seen) return; // nothing to read: the gate's own rule holds
    if (last) {
      const share = (seen.cpuMs - last.look.cpuMs) / Math.max(1, now - last.at);
      quiet = !seen.busy && !last.look.busy && share < ASLEEP_CPU_SHARE ? quiet + 1 : 0;
    }
    last = { at: now, look: seen };
    if (quiet >= 2) return onAsleep();
    next(LOOK_EVERY_MS);
  };
  next(FIRST_LOOK_MS);
  return () => clearTimeout(timer);
}
