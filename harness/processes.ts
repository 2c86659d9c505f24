// Every child process group the harness started, so that nothing is left behind: not on a
// normal end, not on an error, not on Ctrl-C. Each server runs in its own process group
// (detached), and we kill the whole group, because `npx foo` or `sh -c` wraps the real server.

const liveGroups = new Set<number>();
let hooksInstalled = false;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

export function trackProcessGroup(pid: number): void {
  liveGroups.add(pid);
  if (!hooksInstalled) {
    hooksInstalled = true;
    // 'exit' handlers must be synchronous: SIGKILL is the only thing that is certain there.
    process.on('exit', killAllNow);
  }
}

export function untrackProcessGroup(pid: number): void {
  liveGroups.delete(pid);
}

export function signalGroup(pid: number, signal: NodeJS.Signals): void {
  killGroup(pid, signal);
}

/** Kill every tracked group at once (used on exit and on Ctrl-C). */
export function killAllNow(): void {
  for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
  liveGroups.clear();
}

export function liveProcessGroupCount(): number {
  return liveGroups.size;
}
