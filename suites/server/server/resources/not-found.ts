// server/resources#error-handling: reading a resource that does not exist. Up to 2025-11-25:
// "Servers SHOULD return standard JSON-RPC errors for common failure cases: Resource not found:
// ResourceNotFound". 2026-07-28: "If the requested resource does not exist, servers MUST return
// a JSON-RPC error with code InvalidParams" and "MUST NOT return an empty contents array for a
// non-existent resource". The code is the revision's (ctx.rev.resourceNotFoundCode).
import { defineChecks } from '../../../../harness/checks/define.js';
import { ErrorCode, type ErrorCodeName } from '../../../../harness/rules/error-codes.js';
import { RANGE } from '../../../../harness/revisions.js';
import { exchange, expectError } from '../../../../harness/verify/index.js';

/** The name of the revision table's resource-not-found code (the verifiers speak names). */
function codeName(code: number): ErrorCodeName {
  const name = (Object.keys(ErrorCode) as ErrorCodeName[]).find((n) => ErrorCode[n] === code);
  if (!name) throw new Error(`the revision table's resource-not-found code ${code} has no name in error-codes.ts`);
  return name;
}

export const resourceNotFoundChecks = defineChecks({ page: 'server/resources', revisions: RANGE.all, needs: ['shared-session'], requires: ['resources'] }, [
  {
    id: 'resources.read-unknown-uri',
    title: 'Reading a resource that does not exist gets the resource-not-found error of the revision',
    spec: [
      { url: '#error-handling', level: 'SHOULD' },
      { from: '2026-07-28', url: '#error-handling', level: 'MUST' },
    ],
    requirement: 'If the requested resource does not exist, servers MUST return a JSON-RPC error with code {code:InvalidParams} (Invalid Params). (up to 2025-11-25: Servers SHOULD return standard JSON-RPC errors for common failure cases: Resource not found: {code:ResourceNotFound})',
    digest: ['RES-020', 'RES-030'],
    fix: 'Answer resources/read of an unknown URI with a JSON-RPC error carrying the revision\'s resource-not-found code, never a result',
    faults: ['resources-unknown-uri-result', 'modern-resource-not-found-legacy-code'],
    async run(ctx) {
      const uri = `mcp-conformance://missing/${Math.random().toString(36).slice(2, 12)}`;
      const reply = await ctx.request('resources/read', { uri });
      // A result (an empty contents array among them, which 2026-07-28 also forbids) is no error.
      return expectError(ctx, exchange(`resources/read of ${uri}`, reply), [codeName(ctx.rev.resourceNotFoundCode)]);
    },
  },
]);
