// server/utilities/logging: logging/setLevel. Log messages are only sent once a level was set.
import { invalidParams } from '../jsonrpc.js';
import type { RequestContext } from '../session.js';

/** RFC 5424 severities, least severe first. */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function setLevel(ctx: RequestContext): Record<string, never> {
  const level = ctx.params.level;
  if (typeof level !== 'string' || !(LOG_LEVELS as readonly string[]).includes(level)) {
    throw invalidParams(`Invalid params: level must be one of ${LOG_LEVELS.join(', ')}`, { level: level ?? null });
  }
  ctx.session.logLevel = level as LogLevel;
  return {};
}
