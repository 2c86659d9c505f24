// Access to the generated per-revision schema artefacts (schema/generated/<rev>/): the ajv
// standalone validators and the method table. Loaded lazily, on first use of a revision, so
// commands that never validate (--version, --help) never pay for ~1 MB of validator code.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type SchemaCheck = { ok: true } | { ok: false; error: string };

export interface RevisionSchema {
  revision: string;
  has(definition: string): boolean;
  /** Validates against one definition. Throws for a definition the revision lacks (a harness bug). */
  validate(definition: string, value: unknown): SchemaCheck;
  /** method -> result definition name (e.g. 'initialize' -> 'InitializeResult'), undefined if unknown */
  resultDefinition(method: string): string | undefined;
  requestDefinition(method: string): string | undefined;
  notificationDefinition(method: string): string | undefined;
  /** methods per sender, from methods.json */
  methods: { clientRequests: string[]; serverRequests: string[]; clientNotifications: string[]; serverNotifications: string[] };
}

/** The shape schema/generate.mjs writes to methods.json. */
interface MethodTable {
  requests: Record<string, { request: string; result: string | null }>;
  notifications: Record<string, string>;
  clientRequests: string[];
  serverRequests: string[];
  clientNotifications: string[];
  serverNotifications: string[];
}

interface AjvError {
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

type ValidateFunction = ((value: unknown) => boolean) & { errors?: AjvError[] | null };

/** How many ajv errors a SchemaCheck reports; the first few are enough to act on. */
const MAX_ERRORS = 3;

let rootDir: string | undefined;

/**
 * The folder holding package.json. Found by walking up, because this file runs both from
 * harness/ (vitest, sources) and from dist/harness/ (compiled).
 */
export function projectRoot(): string {
  if (rootDir) return rootDir;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`mcp-conformance: no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  rootDir = dir;
  return dir;
}

/** One line: instancePath + message (+ the allowed values, which the message omits). */
export function formatErrors(errors: readonly AjvError[] | null | undefined): string {
  if (!errors || errors.length === 0) return 'invalid (no details from the validator)';
  const parts = errors.slice(0, MAX_ERRORS).map((e) => {
    const p = e.params ?? {};
    const extra =
      'allowedValues' in p ? ` ${JSON.stringify(p.allowedValues)}`
      : 'allowedValue' in p ? ` ${JSON.stringify(p.allowedValue)}`
      : 'additionalProperty' in p ? ` '${String(p.additionalProperty)}'`
      : '';
    return `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}${extra}`;
  });
  const more = errors.length > MAX_ERRORS ? ` (+${errors.length - MAX_ERRORS} more)` : '';
  return parts.join('; ') + more;
}

function knownRevisions(root: string): string[] {
  try {
    const parsed = JSON.parse(readFileSync(join(root, 'schema', 'revisions.json'), 'utf8')) as { revisions: { id: string }[] };
    return parsed.revisions.map((r) => r.id);
  } catch {
    return [];
  }
}

async function load(revision: string): Promise<RevisionSchema> {
  const root = projectRoot();
  const dir = join(root, 'schema', 'generated', revision);
  const validatorsFile = join(dir, 'validators.js');
  const methodsFile = join(dir, 'methods.json');
  if (!existsSync(validatorsFile) || !existsSync(methodsFile)) {
    const known = knownRevisions(root);
    if (known.length > 0 && !known.includes(revision)) {
      throw new Error(`mcp-conformance: unknown MCP revision ${revision} (known: ${known.join(', ')}).`);
    }
    throw new Error(`mcp-conformance: the schema of MCP revision ${revision} is not generated (${dir} is missing); run \`npm run schema\`.`);
  }
  const [validators, table] = await Promise.all([
    import(pathToFileURL(validatorsFile).href) as Promise<Record<string, unknown>>,
    readFile(methodsFile, 'utf8').then((text) => JSON.parse(text) as MethodTable),
  ]);

  const validatorOf = (definition: string): ValidateFunction | undefined => {
    const fn = Object.hasOwn(validators, definition) ? validators[definition] : undefined;
    return typeof fn === 'function' ? (fn as ValidateFunction) : undefined;
  };
  // Own-property lookups only: a method named 'constructor' or '__proto__' must not hit Object.prototype.
  const lookup = <T>(record: Record<string, T>, key: string): T | undefined =>
    Object.hasOwn(record, key) ? record[key] : undefined;

  return {
    revision,
    has: (definition) => validatorOf(definition) !== undefined,
    validate(definition, value) {
      const fn = validatorOf(definition);
      if (!fn) throw new Error(`mcp-conformance: MCP revision ${revision} has no schema definition ${definition}.`);
      return fn(value) ? { ok: true } : { ok: false, error: formatErrors(fn.errors) };
    },
    resultDefinition: (method) => lookup(table.requests, method)?.result ?? undefined,
    requestDefinition: (method) => lookup(table.requests, method)?.request,
    notificationDefinition: (method) => lookup(table.notifications, method),
    methods: {
      clientRequests: table.clientRequests,
      serverRequests: table.serverRequests,
      clientNotifications: table.clientNotifications,
      serverNotifications: table.serverNotifications,
    },
  };
}

const cache = new Map<string, Promise<RevisionSchema>>();

/** The schema of one revision; loaded on first call, then cached (also while loading). */
export function loadRevisionSchema(revision: string): Promise<RevisionSchema> {
  let pending = cache.get(revision);
  if (!pending) {
    pending = load(revision);
    // Forget failures, so a later call after `npm run schema` can succeed.
    pending.catch(() => cache.delete(revision));
    cache.set(revision, pending);
  }
  return pending;
}
