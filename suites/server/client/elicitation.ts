// client/elicitation#url-elicitation-required-error (2025-11-25): the shape of every
// URLElicitationRequired error the server returned during the run, judged passively. Whether URL
// elicitation was really "required" is the server's knowledge, not the wire's: only the data is
// judged. The error is gone at 2026-07-28 (input requests replace it).
import { defineChecks } from '../../../harness/checks/define.js';
import { only } from '../../../harness/revisions.js';
import { codeText } from '../../../harness/rules/error-codes.js';
import { loadRevisionSchema } from '../../../harness/schema.js';
import { citingFirst } from '../../../harness/verify/features.js';
import { expectNone } from '../../../harness/verify/index.js';

/** Why `data` breaks the rule, or undefined: a non-empty list of URL-mode elicitations with ids. */
function elicitationsProblem(data: unknown, validUrlParams: (e: unknown) => string | undefined): string | undefined {
  const list = (data as { elicitations?: unknown } | null | undefined)?.elicitations;
  if (!Array.isArray(list)) return `error.data.elicitations is ${list === undefined ? 'missing' : JSON.stringify(list)}, not a list`;
  // "a list of elicitations that are required to complete": an empty list names none.
  if (list.length === 0) return 'error.data.elicitations is an empty list';
  for (const [i, e] of list.entries()) {
    const mode = (e as { mode?: unknown } | null)?.mode;
    if (mode !== 'url') return `elicitations[${i}] has mode ${JSON.stringify(mode)}, not "url"`;
    const id = (e as { elicitationId?: unknown }).elicitationId;
    if (typeof id !== 'string') return `elicitations[${i}] has no string elicitationId (${JSON.stringify(id)})`;
    const invalid = validUrlParams(e);
    if (invalid) return `elicitations[${i}] is no ElicitRequestURLParams: ${invalid}`;
  }
  return undefined;
}

export const urlElicitationRequiredChecks = defineChecks({ page: 'client/elicitation', revisions: only('2025-11-25'), needs: ['passive'] }, [
  {
    id: 'elicitation.url-required-error-shape',
    title: 'A {code:URLElicitationRequired} URLElicitationRequiredError lists the URL-mode elicitations, each with an elicitationId',
    spec: { url: '#url-elicitation-required-error', level: 'MUST' },
    requirement:
      'The error MUST include a list of elicitations that are required to complete before the original can be retried. Any elicitations returned in the error MUST be URL mode elicitations and have an elicitationId property.',
    digest: ['ELIC-010'],
    faults: ['url-elicitation-required-malformed'],
    async run(ctx) {
      const errors = ctx.observations().filter((o) => o.kind === 'url-elicitation-required');
      const code = codeText('URLElicitationRequired');
      if (errors.length === 0) return ctx.skip('nothing-observed', `the server returned no ${code} error in this run`);
      const schema = await loadRevisionSchema(ctx.revision);
      const validUrlParams = (e: unknown) => {
        const v = schema.validate('ElicitRequestURLParams', e);
        return v.ok ? undefined : v.error;
      };
      const bad = errors.flatMap((o) => {
        const why = elicitationsProblem((o.message as { error?: { data?: unknown } }).error?.data, validUrlParams);
        return why ? [{ text: `${o.detail}: ${why}`, seq: o.seq }] : [];
      });
      return expectNone(ctx, citingFirst(bad), {
        expected: 'error.data.elicitations: a list of URL-mode elicitations (mode "url", elicitationId, url, message)',
        judged: errors.length,
        note: `${errors.length} ${code} error(s), each listing URL-mode elicitations with ids`,
        reason: `of ${errors.length} ${code} error(s)`,
        show: 1,
      });
    },
  },
]);
