// server/utilities/logging: logging/setLevel. Log messages are only sent once a level was set.
import { isOn } from '../faults.js';
import { invalidParams } from '../jsonrpc.js';
import type { RequestContext } from '../session.js';

/** RFC 5424 severities, least severe first. */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function isLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

export function setLevel(ctx: RequestContext): Record<string, never> {
  const level = ctx.params.level;
  // logging#error-handling: an invalid level is -32602.
  const valid = isLevel(level) ? !(level === 'notice' && isOn('setlevel-level-rejected')) : isOn('setlevel-invalid-accepted');
  if (!valid) throw invalidParams(`Invalid params: level must be one of ${LOG_LEVELS.join(', ')}`, { level: level ?? null });
  // logging#setting-log-level: from now on, only this level and the more severe ones.
  if (isLevel(level)) ctx.session.logLevel = isOn('setlevel-ignored') ? 'debug' : level;
  return {};
}
