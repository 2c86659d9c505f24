// Preloaded (node --import) into a measured tool process: at exit, writes the process's own
// peak resident set size (kB) and CPU time (user + system, s) to BENCH_RSS_FILE. Its own only:
// servers are separate processes.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file) {
  process.on('exit', () => {
    try {
      const usage = process.resourceUsage();
      writeFileSync(file, JSON.stringify({ maxRssKb: usage.maxRSS, cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6 }));
    } catch {
      // The bench then reports the memory as unknown.
    }
  });
}
