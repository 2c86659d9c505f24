// reports/report.schema.json compiled once: what every renderer reads must match it.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const schema = JSON.parse(readFileSync(new URL('../../reports/report.schema.json', import.meta.url), 'utf8')) as object;
const validate = addFormats(new Ajv2020({ strict: true, allErrors: true })).compile(schema);

/** Undefined when the value is a valid report.json, else the first errors. */
export function reportSchemaErrors(value: unknown): string | undefined {
  // Round-trip through JSON first: that is what a renderer's input looks like on disk.
  return validate(JSON.parse(JSON.stringify(value))) ? undefined : JSON.stringify(validate.errors?.slice(0, 5));
}
