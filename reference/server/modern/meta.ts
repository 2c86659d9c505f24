// basic#meta: the per-request protocol fields of 2026-07-28, read from params._meta. A
// request carrying either required key is a modern request (basic/versioning#compatibility-matrix).
import { isOn } from '../faults.js';
import { isPlainObject } from '../jsonrpc.js';
import { LOG_LEVELS, type LogLevel } from '../handlers/logging.js';
import { MODERN } from '../revisions.js';
import { metaInvalid } from './errors.js';

export const META = {
  version: 'io.modelcontextprotocol/protocolVersion',
  capabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

export interface RequestMeta {
  version: string;
  capabilities: Record<string, unknown>;
  clientInfo?: Record<string, unknown>;
  /** The minimum level to log at for this request; null: no log messages at all. */
  logLevel: LogLevel | null;
}

function metaOf(params: unknown): Record<string, unknown> | undefined {
  const meta = isPlainObject(params) ? params._meta : undefined;
  return isPlainObject(meta) ? meta : undefined;
}

/** Does this request carry modern per-request _meta? */
export function hasModernMeta(params: unknown): boolean {
  const meta = metaOf(params);
  return meta !== undefined && (Object.hasOwn(meta, META.version) || Object.hasOwn(meta, META.capabilities));
}

/** The protocolVersion the body names, if it names one. */
export function bodyVersion(params: unknown): string | undefined {
  const v = metaOf(params)?.[META.version];
  return typeof v === 'string' ? v : undefined;
}

/** Reads and validates the per-request fields; throws -32602 (HTTP 400) when a required one is missing or malformed. */
export function parseMeta(params: unknown): RequestMeta {
  const meta = metaOf(params);
  if (meta === undefined) throw metaInvalid(`params._meta with ${META.version} and ${META.capabilities} is required`);
  let version = meta[META.version];
  if (version === undefined && isOn('modern-meta-version-optional')) version = MODERN;
  if (typeof version !== 'string') throw metaInvalid(`_meta["${META.version}"] ${version === undefined ? 'is required' : 'must be a string'}`);
  let capabilities = meta[META.capabilities];
  if (capabilities === undefined && isOn('modern-meta-capabilities-optional')) capabilities = {};
  if (!isPlainObject(capabilities)) throw metaInvalid(`_meta["${META.capabilities}"] ${capabilities === undefined ? 'is required' : 'must be an object'}`);
  const clientInfo = isPlainObject(meta[META.clientInfo]) ? (meta[META.clientInfo] as Record<string, unknown>) : undefined;
  return { version, capabilities, ...(clientInfo ? { clientInfo } : {}), logLevel: logLevelOf(meta[META.logLevel]) };
}

/** server/utilities/logging#error-handling: an unrecognized level SHOULD be -32602. */
function logLevelOf(value: unknown): LogLevel | null {
  if (value === undefined) return null;
  if ((LOG_LEVELS as readonly unknown[]).includes(value)) return value as LogLevel;
  if (isOn('modern-log-level-invalid-accepted')) return 'debug';
  throw metaInvalid(`_meta["${META.logLevel}"] must be one of ${LOG_LEVELS.join(', ')}`);
}
