// The JUnit XML that CI reporters read (Jenkins' junit plugin, GitLab, GitHub actions such as
// dorny/test-reporter and mikepenz/action-junit-report): the Ant/Jenkins junit XSD, written
// here as a JSON Schema over fast-xml-parser's output, plus the count consistency those
// reporters rely on. parseJunit() fails on anything that is not well-formed XML.
import { Ajv } from 'ajv';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

const decimal = { type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?$' };
const count = { type: 'string', pattern: '^[0-9]+$' };
const text = { type: 'string' };
const outcome = {
  type: 'object',
  properties: { '@message': text, '@type': text, '#text': text },
  additionalProperties: false,
};

/** Modelled on junit-10.xsd (Jenkins) / the Ant schema, which GitLab and GitHub tools accept. */
export const JUNIT_SCHEMA = {
  type: 'object',
  required: ['testsuites'],
  properties: {
    '?xml': { type: 'object' },
    testsuites: {
      type: 'object',
      required: ['@tests', '@failures', '@errors'],
      properties: {
        '@name': text,
        '@tests': count,
        '@failures': count,
        '@errors': count,
        '@skipped': count,
        '@time': decimal,
        testsuite: {
          type: 'array',
          items: {
            type: 'object',
            required: ['@name', '@tests', '@failures', '@errors', '@skipped', '@time'],
            additionalProperties: false,
            properties: {
              '@name': { type: 'string', minLength: 1 },
              '@tests': count,
              '@failures': count,
              '@errors': count,
              '@skipped': count,
              '@time': decimal,
              '@timestamp': { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$' },
              '@hostname': text,
              '@id': count,
              '@package': text,
              properties: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  property: {
                    type: 'array',
                    items: { type: 'object', required: ['@name', '@value'], additionalProperties: false, properties: { '@name': text, '@value': text } },
                  },
                },
              },
              testcase: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['@name', '@classname', '@time'],
                  additionalProperties: false,
                  properties: {
                    '@name': { type: 'string', minLength: 1 },
                    '@classname': { type: 'string', minLength: 1 },
                    '@time': decimal,
                    failure: outcome,
                    error: outcome,
                    skipped: outcome,
                    'system-out': text,
                    'system-err': text,
                  },
                  // At most one outcome per testcase.
                  not: { anyOf: [{ required: ['failure', 'error'] }, { required: ['failure', 'skipped'] }, { required: ['error', 'skipped'] }] },
                },
              },
              'system-out': text,
              'system-err': text,
            },
          },
        },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;

export interface JunitCase {
  '@name': string;
  '@classname': string;
  '@time': string;
  failure?: { '@message'?: string; '@type'?: string; '#text'?: string };
  error?: { '@message'?: string; '@type'?: string; '#text'?: string };
  skipped?: { '@message'?: string };
  'system-out'?: string;
}

export interface JunitSuite {
  '@name': string;
  '@tests': string;
  '@failures': string;
  '@errors': string;
  '@skipped': string;
  properties?: { property: { '@name': string; '@value': string }[] };
  testcase?: JunitCase[];
}

export interface JunitDoc {
  testsuites: { '@tests': string; '@failures': string; '@errors': string; '@skipped'?: string; testsuite?: JunitSuite[] };
}

const validate = new Ajv({ allErrors: true, strict: false }).compile(JUNIT_SCHEMA);

/** Parse, validate against the schema and check every count; throws with the reason. */
export function parseJunit(xml: string): JunitDoc {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) throw new Error(`not well-formed XML: ${JSON.stringify(wellFormed.err)}`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseAttributeValue: false,
    parseTagValue: false,
    trimValues: false,
    alwaysCreateTextNode: false,
    isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name),
  });
  const doc = parser.parse(xml) as unknown;
  // Whitespace between elements shows up as '#text'; it carries nothing.
  const clean = JSON.parse(JSON.stringify(doc, (key, value: unknown) => (key === '#text' && typeof value === 'string' && value.trim() === '' ? undefined : value)));
  if (!validate(clean)) throw new Error(`not the JUnit shape: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
  const junit = clean as JunitDoc;
  const total = { tests: 0, failures: 0, errors: 0, skipped: 0 };
  for (const suite of junit.testsuites.testsuite ?? []) {
    const cases = suite.testcase ?? [];
    const mine = {
      tests: cases.length,
      failures: cases.filter((c) => c.failure).length,
      errors: cases.filter((c) => c.error).length,
      skipped: cases.filter((c) => c.skipped).length,
    };
    for (const key of Object.keys(mine) as (keyof typeof mine)[]) {
      if (Number(suite[`@${key}`]) !== mine[key]) throw new Error(`suite ${suite['@name']}: ${key}=${suite[`@${key}`]} but ${mine[key]} testcases say so`);
      total[key] += mine[key];
    }
  }
  for (const key of ['tests', 'failures', 'errors'] as const) {
    if (Number(junit.testsuites[`@${key}`]) !== total[key]) throw new Error(`testsuites ${key}=${junit.testsuites[`@${key}`]} but the suites add up to ${total[key]}`);
  }
  return junit;
}
