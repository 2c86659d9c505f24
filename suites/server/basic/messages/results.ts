// What every result carries: resultType (BASE-012/013, 2026-07-28), `_meta` keys in the key
// grammar (BASE-031, 2025-06-18 on) and trace context in W3C format (BASE-034, 2026-07-28).
import { defineChecks } from '../../../../harness/checks/define.js';
import { RANGE, since } from '../../../../harness/revisions.js';
import { baggageProblem, isMetaKey, traceparentProblem, tracestateProblem } from '../../../../harness/rules/meta-keys.js';
import { metaObjects, sampleResults, type SampledResult } from '../../../../harness/target/sampled-results.js';
import { expectNone, type Violation } from '../../../../harness/verify/index.js';

/** basic#resulttype: the core set. We declare no extension, so no extension adds a value (VER-041). */
const CORE_RESULT_TYPES = ['complete', 'input_required'];

/** A valid traceparent we send, so that a server that propagates trace context has one to show. */
const OUR_TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const TRACE_KEYS: Record<string, (v: unknown) => string | undefined> = { traceparent: traceparentProblem, tracestate: tracestateProblem, baggage: baggageProblem };

/** A violation found in a sampled result, citing its frame. */
const seen = (r: SampledResult, text: string): Violation => ({ text, ...(r.seq !== undefined ? { seq: r.seq } : {}) });

export const resultChecks = defineChecks({ page: 'basic/messages', needs: ['own-session'] }, [
  // basic#resulttype: "The `result` MUST include a `resultType` field to indicate the type of
  // the result." and "The set of supported `ResultType` values MUST be created from the set
  // defined in the core protocol and include any additional values of supported extensions
  // that are advertised via capabilities." The tool declares no extensions.
  {
    id: 'base.result-type',
    title: 'Every result carries resultType "complete" or "input_required" (no extension was negotiated)',
    spec: { url: 'basic#resulttype', level: 'MUST' },
    requirement: 'The `result` MUST include a `resultType` field to indicate the type of the result.',
    digest: ['BASE-012', 'BASE-013'],
    fix: 'Add resultType: "complete" to every result (and "input_required" to InputRequiredResults)',
    revisions: RANGE.modern,
    faults: ['modern-result-type-missing', 'modern-result-type-unknown'],
    async run(ctx) {
      const results = await sampleResults(ctx, await ctx.session(), { calls: true });
      const missing = results.filter((r) => typeof r.result.resultType !== 'string');
      const unknown = results.filter((r) => typeof r.result.resultType === 'string' && !CORE_RESULT_TYPES.includes(r.result.resultType));
      const problems = [
        ...missing.map((r) => seen(r, `${r.what}: no resultType`)),
        ...unknown.map((r) => seen(r, `${r.what}: resultType ${JSON.stringify(r.result.resultType)}, though the client negotiated no extension`)),
      ];
      return expectNone(ctx, problems, { expected: 'resultType "complete" or "input_required" on every result', judged: results.length, note: `${results.length} result(s) checked`, show: 4 });
    },
  },

  // basic#meta (2025-06-18 on): "valid `_meta` key names have two segments: an optional
  // prefix, and a name", the prefix dot-separated labels and a slash, the name "Unless empty,
  // MUST begin and end with an alphanumeric character".
  {
    id: 'base.meta-key-format',
    title: 'The _meta keys the server sends follow the key name format (prefix/name)',
    spec: { url: 'basic#meta', level: 'MUST' },
    requirement: 'Unless empty, MUST begin and end with an alphanumeric character (`[a-z0-9A-Z]`).',
    digest: ['BASE-031'],
    revisions: since('2025-06-18'),
    faults: ['meta-key-invalid'],
    async run(ctx) {
      const results = await sampleResults(ctx, await ctx.session());
      const metas = results.flatMap((r) => metaObjects(r.result).map((m) => ({ ...m, from: r })));
      const keys = metas.reduce((n, m) => n + Object.keys(m.meta).length, 0);
      const bad = metas.flatMap((m) => Object.keys(m.meta).filter((k) => !isMetaKey(k)).map((k) => seen(m.from, `${JSON.stringify(k)} in ${m.from.what} ${m.path}`)));
      return expectNone(ctx, bad, {
        expected: '_meta keys of the form [prefix/]name (labels start with a letter; the name starts and ends with an alphanumeric)',
        judged: keys,
        note: `${keys} _meta key(s) checked`,
        nothing: { code: 'nothing-observed', detail: `no _meta keys in the ${results.length} result(s) sampled` },
        show: 4,
      });
    },
  },

  // basic#meta: "the keys `traceparent`, `tracestate`, and `baggage` are reserved for
  // OpenTelemetry trace context propagation. When present, their values MUST follow W3C Trace
  // Context and W3C Baggage formats respectively."
  {
    id: 'base.trace-context-format',
    title: 'traceparent, tracestate and baggage in result _meta follow the W3C formats',
    spec: { url: 'basic#meta', level: 'MUST' },
    requirement: 'When present, their values MUST follow W3C Trace Context and W3C Baggage formats respectively.',
    digest: ['BASE-034'],
    revisions: RANGE.modern,
    faults: ['modern-traceparent-invalid'],
    async run(ctx) {
      const results = await sampleResults(ctx, await ctx.session(), { meta: { traceparent: OUR_TRACEPARENT } });
      const found = results.flatMap((r) => metaObjects(r.result).flatMap((m) => Object.keys(TRACE_KEYS).filter((k) => k in m.meta).map((k) => ({ key: k, value: m.meta[k], where: `${r.what} ${m.path}`, from: r }))));
      const bad = found.flatMap((f) => {
        const problem = TRACE_KEYS[f.key]?.(f.value);
        return problem ? [seen(f.from, `${f.key} ${ctx.brief(f.value, 80)} in ${f.where} ${problem}`)] : [];
      });
      return expectNone(ctx, bad, {
        expected: 'traceparent as 00-<32 hex>-<16 hex>-<2 hex>, tracestate and baggage as W3C lists',
        judged: found.length,
        note: `${found.length} trace context value(s) checked`,
        nothing: { code: 'nothing-observed', detail: `no traceparent, tracestate or baggage in the ${results.length} result(s) sampled (requests carried a valid traceparent)` },
      });
    },
  },
]);
