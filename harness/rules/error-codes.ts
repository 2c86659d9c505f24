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
  URLElicitationRequired: -32042,
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

/** "-32602" for a code's name: for titles, requirements and comments, which never spell a number (eslint.config.js). */
export const codeText = (name: ErrorCodeName): string => String(ErrorCode[name]);

/**
 * The ranges the rules speak of, by name, as [highest, lowest] (codes are negative): JSON-RPC's
 * reserved block and its server-error part, and how 2026-07-28 divides the latter (basic#error-codes).
 */
export const CodeRange = {
  /** JSON-RPC 2.0 reserves -32768..-32000 for pre-defined errors. */
  JsonRpcReserved: [-32000, -32768],
  /** ... of which -32099..-32000 are implementation-defined server errors. */
  ServerError: [-32000, -32099],
  /** 2026-07-28: -32020..-32099 belong to the MCP specification. */
  McpSpec: [-32020, -32099],
  /** 2026-07-28: -32000..-32019 are legacy implementation-defined codes. */
  Legacy: [-32000, -32019],
} as const satisfies Record<string, readonly [number, number]>;

export type CodeRangeName = keyof typeof CodeRange;

export const inCodeRange = (code: number, range: CodeRangeName): boolean => code <= CodeRange[range][0] && code >= CodeRange[range][1];

/** "-32768..-32000" for a range's name. */
export const rangeText = (range: CodeRangeName): string => `${CodeRange[range][1]}..${CodeRange[range][0]}`;

/**
 * Texts a check declares (its title, requirement, fix) name codes and ranges as {code:Name} and
 * {range:Name}; they read as the numbers (defineChecks expands them).
 */
export function expandCodes(text: string): string {
  return text
    .replace(/\{code:([A-Za-z]+)\}/g, (whole, name: string) => (name in ErrorCode ? codeText(name as ErrorCodeName) : whole))
    .replace(/\{range:([A-Za-z]+)\}/g, (whole, name: string) => (name in CodeRange ? rangeText(name as CodeRangeName) : whole));
}

/** The codes JSON-RPC reserves for implementation-defined server errors. */
export const isServerErrorRange = (code: number): boolean => inCodeRange(code, 'ServerError');
