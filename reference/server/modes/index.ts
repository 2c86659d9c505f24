// The behaviour modes of the reference server: ways real servers are slow, busy or strict
// that stay conformant (all but --never-answer), for the tool's pacing and for proving it
// raises no false alarm against them. Each mode is one file with its flag and its setting,
// and acts where messages come in or go out:
//
//   mode                   acts in                                 where
//   --slow-start MS        main.ts (before the transport starts)   start-up
//   --answer-delay MS      Session.receive, Session.cancel         responses going out
//   --cpu-bound MS         Session.handle                          requests coming in
//   --never-answer NAME    Session.handle                          requests coming in
//   --lose-first NAME      Session.handle                          requests coming in
//   --stateless-process    http.ts handlePost and route;           HTTP requests coming in
//                          tasks/core.ts coreTasksAt               (no core tasks offered)
//   --strict-body          parseFrame (jsonrpc.ts)                 messages coming in
//   --plain-400            sendJson (sse.ts)                       HTTP bodies going out
//   --batch-as-events      http.ts handlePost                      HTTP responses going out
//   --discover-versions L  modern/mode.ts                          2026-07-28 versions
//   --rate-limit N         route (http.ts), first of all           HTTP requests coming in
//   --serves-any-file      readResource (handlers/resources.ts)    file:// reads
//
// Modes combine with each other and with faults (--fault), and hold per process or worker.
import { ANSWER_DELAY } from './answer-delay.js';
import { BATCH_AS_EVENTS } from './batch-as-events.js';
import { CPU_BOUND } from './cpu-bound.js';
import { DISCOVER_VERSIONS } from './discover-versions.js';
import type { Mode } from './mode.js';
import { LOSE_FIRST } from './lose-first.js';
import { NEVER_ANSWER } from './never-answer.js';
import { PLAIN_400 } from './plain-400.js';
import { RATE_LIMIT } from './rate-limit.js';
import { SERVES_ANY_FILE } from './serves-any-file.js';
import { SLOW_START } from './slow-start.js';
import { STATELESS_PROCESS } from './stateless-process.js';
import { STRICT_BODY } from './strict-body.js';

export { ModeError, type Mode } from './mode.js';

export const MODES: readonly Mode[] = [
  SLOW_START,
  ANSWER_DELAY,
  CPU_BOUND,
  NEVER_ANSWER,
  LOSE_FIRST,
  STATELESS_PROCESS,
  STRICT_BODY,
  PLAIN_400,
  BATCH_AS_EVENTS,
  DISCOVER_VERSIONS,
  RATE_LIMIT,
  SERVES_ANY_FILE,
];

export function findMode(flag: string): Mode | undefined {
  return MODES.find((m) => m.flag === flag);
}

/** The modes section of --help. */
export function modesUsage(): string {
  const lines = MODES.map((m) => {
    const head = `${m.flag}${m.arg ? ` ${m.arg}` : ''}`;
    return `  ${head.padEnd(26)}${m.summary}${m.httpOnly ? ' [HTTP only]' : ''}`;
  });
  return `modes (combine freely, also with --fault):\n${lines.join('\n')}\n`;
}
