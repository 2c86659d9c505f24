// Validation of one inbound message against the negotiated revision's schema: the envelope
// (JSONRPCMessage) plus the specific type its method implies (the result type of the request
// it answers, the notification or request type of its method). Returns one line per problem.
import type { RevisionSchema } from '../schema.js';

export function validateInbound(schema: RevisionSchema, m: Record<string, unknown>, answeredMethod: string | undefined): string[] {
  const problems: string[] = [];
  const isResponse = !('method' in m);

  if (isResponse) {
    const hasResult = 'result' in m;
    const hasError = 'error' in m;
    if (hasResult === hasError) {
      problems.push(hasResult ? 'response has both `result` and `error`' : 'response has neither `result` nor `error`');
      return problems;
    }
    if (hasError && (m.id === null || m.id === undefined)) {
      // An error about input whose id could not be read: JSON-RPC 2.0 says id null, MCP up
      // to 2025-06-18 has no schema shape for it. Judge only the error object itself.
      const e = m.error as Record<string, unknown> | null;
      if (m.jsonrpc !== '2.0') problems.push('`jsonrpc` is not "2.0"');
      if (typeof e !== 'object' || e === null) problems.push('`error` is not an object');
      else {
        if (!Number.isInteger(e.code)) problems.push('`error.code` is not an integer');
        if (typeof e.message !== 'string') problems.push('`error.message` is not a string');
      }
      return problems;
    }
  }

  const envelope = schema.validate('JSONRPCMessage', m);
  if (!envelope.ok) {
    problems.push(`not a valid JSON-RPC message: ${envelope.error}`);
    return problems;
  }

  if (isResponse) {
    if ('result' in m && answeredMethod) {
      const def = resultDefinition(schema, answeredMethod, m.result);
      if (def) {
        const r = schema.validate(def, m.result);
        if (!r.ok) problems.push(`result of ${answeredMethod} is not a valid ${def}: ${r.error}`);
      }
    }
    return problems;
  }

  const method = m.method as string;
  const def = 'id' in m ? schema.requestDefinition(method) : schema.notificationDefinition(method);
  if (def) {
    const r = schema.validate(def, m);
    if (!r.ok) problems.push(`${method} is not a valid ${def}: ${r.error}`);
  }
  return problems;
}

/**
 * The definition a result of `method` must validate against. Besides the method's own result,
 * 2026-07-28 allows "input required" (InputRequiredResult), 2025-11-25 a task-augmented
 * request's CreateTaskResult, and an extension's result type (e.g. "task") has no definition
 * in the core schema: the result checks judge it instead.
 */
function resultDefinition(schema: RevisionSchema, method: string, result: unknown): string | undefined {
  const r = (typeof result === 'object' && result !== null ? result : {}) as { resultType?: unknown; task?: unknown };
  if (r.resultType === 'input_required' && schema.has('InputRequiredResult')) return 'InputRequiredResult';
  if (typeof r.resultType === 'string' && r.resultType !== 'complete' && r.resultType !== 'input_required') return undefined;
  if (r.task !== undefined && method === 'tools/call' && schema.has('CreateTaskResult')) return 'CreateTaskResult';
  return schema.resultDefinition(method);
}
