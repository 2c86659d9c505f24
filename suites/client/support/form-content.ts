// Does elicitation form content match the requested schema? The requested schema is a flat
// object of primitives (string with formats, number/integer, boolean, enums, and from
// 2025-11-25 multi-select arrays): a small direct check, no validator needed.
import { isObject } from './wire.js';

function valueProblem(name: string, value: unknown, schema: Record<string, unknown>): string | undefined {
  const options = Array.isArray(schema.enum) ? schema.enum : Array.isArray(schema.oneOf) ? schema.oneOf.map((o) => (isObject(o) ? o.const : undefined)) : undefined;
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') return `"${name}" is not a string`;
      if (options && !options.includes(value)) return `"${name}" is not one of ${JSON.stringify(options)}`;
      return undefined;
    case 'integer':
      return Number.isInteger(value) ? undefined : `"${name}" is not an integer`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : `"${name}" is not a number`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `"${name}" is not a boolean`;
    case 'array':
      return Array.isArray(value) && value.every((v) => typeof v === 'string') ? undefined : `"${name}" is not an array of strings`;
    default:
      return undefined;
  }
}

/** Why `content` does not match `requestedSchema`, or undefined when it does. */
export function contentProblem(content: unknown, requestedSchema: unknown): string | undefined {
  if (!isObject(content)) return 'no content object';
  const schema = isObject(requestedSchema) ? requestedSchema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  const missing = required.filter((r) => !(r in content));
  if (missing.length > 0) return `required ${missing.map((m) => `"${m}"`).join(', ')} missing`;
  for (const [name, value] of Object.entries(content)) {
    const prop = properties[name];
    if (!isObject(prop)) continue;
    const problem = valueProblem(name, value, prop);
    if (problem) return problem;
  }
  return undefined;
}
