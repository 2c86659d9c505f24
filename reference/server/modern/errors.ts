// The errors of the 2026-07-28 rules, each with the HTTP status its rule fixes. The faults
// that send a wrong status are honoured here, where the status is chosen.
import { isOn } from '../faults.js';
import { ErrorCode, RpcError } from '../jsonrpc.js';
import { supportedVersions } from './mode.js';

/** basic#meta: a missing or malformed per-request field is -32602, on HTTP with 400. */
export function metaInvalid(message: string): RpcError {
  return new RpcError(ErrorCode.InvalidParams, `Invalid params: ${message}`, undefined, isOn('modern-http-meta-missing-200') ? 200 : 400);
}

/** basic#meta: a needed, undeclared client capability is -32021 naming it, on HTTP with 400. */
export function missingCapability(required: Record<string, unknown>, why: string): RpcError {
  if (isOn('modern-capability-error-wrong-code')) return new RpcError(ErrorCode.InvalidParams, `Invalid params: ${why}`);
  const named = isOn('modern-capability-error-wrong-list') ? { sampling: {} } : required;
  const status = isOn('modern-http-capability-missing-200') ? 200 : 400;
  return new RpcError(ErrorCode.MissingRequiredClientCapability, `Missing required client capability: ${why}`, { requiredCapabilities: named }, status);
}

/** basic/versioning#protocol-version-negotiation: -32022 listing what is supported, on HTTP with 400. */
export function unsupportedVersion(requested: string, why = 'Unsupported protocol version'): RpcError {
  const data = { supported: supportedVersions(), requested: isOn('modern-unsupported-version-wrong-requested') ? '2026-07-28' : requested };
  const status = isOn('modern-http-unsupported-version-200') ? 200 : 400;
  return new RpcError(ErrorCode.UnsupportedProtocolVersion, `${why}: ${requested} (supported: ${data.supported.join(', ')})`, data, status);
}

/** transports/streamable-http#server-validation: 400 with -32020. */
export function headerMismatch(message: string): RpcError {
  return new RpcError(ErrorCode.HeaderMismatch, `Header mismatch: ${message}`, undefined, 400);
}

/** transports/streamable-http#protocol-version-header: an unknown method is 404 with -32601. */
export function methodNotFound(method: string): RpcError {
  return new RpcError(ErrorCode.MethodNotFound, `Method not found: ${method}`, undefined, isOn('modern-http-unknown-method-200') ? 200 : 404);
}
