// A deliberately small JSON Schema subset check for tool arguments: object root,
// required properties, primitive types, numeric bounds, additionalProperties: false.
import { isPlainObject } from './jsonrpc.js';

export interface ArgSchema {
  type: 'object';
  properties: Record<string, PropSchema>;
  required?: string[];
  additionalProperties?: boolean;
}

export interface PropSchema {
  type: 'string' | 'number' | 'integer' | 'boolean';
  description?: string;
  minimum?: number;
  maximum?: number;
  /** 2026-07-28 (tools#x-mcp-header): mirrored into the Mcp-Param-{name} HTTP header. */
  'x-mcp-header'?: string;
}

function typeOk(type: PropSchema['type'], v: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'boolean':
      return typeof v === 'boolean';
  }
}

/** The first problem with `args` against `schema`, or null when they conform. */
export function checkArgs(schema: ArgSchema, args: unknown): string | null {
  if (!isPlainObject(args)) return 'arguments must be an object';
  for (const name of schema.required ?? []) {
    if (!(name in args)) return `missing required argument "${name}"`;
  }
  for (const [name, value] of Object.entries(args)) {
    const prop = schema.properties[name];
    if (!prop) {
      if (schema.additionalProperties === false) return `unexpected argument "${name}"`;
      continue;
    }
    if (!typeOk(prop.type, value)) return `argument "${name}" must be of type ${prop.type}`;
    if (typeof value === 'number') {
      if (prop.minimum !== undefined && value < prop.minimum) return `argument "${name}" must be >= ${prop.minimum}`;
      if (prop.maximum !== undefined && value > prop.maximum) return `argument "${name}" must be <= ${prop.maximum}`;
    }
  }
  return null;
}
