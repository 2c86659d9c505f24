// The JSON-RPC error codes the rules speak of, by name: JSON-RPC 2.0 section 5.1, and those MCP
// defines (-32002 resource not found until 2025-11-25; -32020..-32022 at 2026-07-28, named as in
// its schema). A check names a code by its name, never by its number.

export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  ResourceNotFound: -32002,
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;

const NAMES = new Map<number, string>(Object.entries(ErrorCode).map(([name, code]) => [code, name]));

/** "-32602 (InvalidParams)", or the bare number for a code without a name. */
export function codeLabel(code: unknown): string {
  const name = typeof code === 'number' ? NAMES.get(code) : undefined;
  return name ? `${String(code)} (${name})` : String(code);
}

/** The codes JSON-RPC reserves for implementation-defined server errors. */
export const isServerErrorRange = (code: number): boolean => code >= -32099 && code <= -32000;
