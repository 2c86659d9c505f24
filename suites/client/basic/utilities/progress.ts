// Progress tokens the client hands out (PROG-001): strings or integers, unique among its
// active requests. Spec: basic/utilities/progress (legacy), basic/patterns/progress (2026-07-28).
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { RANGE } from '../../../../harness/revisions.js';
import { ASKS } from '../../scenarios/asks.js';
import { metaOf, ourAnswer, paramsOf, sameId } from '../../support/wire.js';

export const progressClientChecks = defineClientChecks({ page: 'basic/utilities/progress', revisions: RANGE.all }, [
  // PROG-001: "Progress tokens MUST be a string or integer value"; "Progress tokens can be chosen
  // by the sender using any means, but MUST be unique across all active requests." A request is
  // active here from its arrival until this server answered it or the client cancelled it (the
  // tools of this server take a while to answer, so concurrent calls overlap).
  {
    id: 'progress.tokens-valid-and-unique',
    title: 'Progress tokens are strings or integers, unique among the requests still active',
    spec: [
      { url: '#progress-flow', level: 'MUST' },
      { from: '2026-07-28', url: 'basic/patterns/progress#progress-flow', level: 'MUST' },
    ],
    requirement: 'Progress tokens MUST be a string or integer value. Progress tokens can be chosen by the sender using any means, but MUST be unique across all active requests.',
    digest: ['PROG-001'],
    scenario: ASKS,
    faults: ['progress-token-duplicate', 'progress-token-invalid'],
    async run(ctx) {
      const carrying = ctx.recording.requests().filter((m) => metaOf(m)?.progressToken !== undefined);
      if (carrying.length === 0) return ctx.skip('nothing-observed', 'the client asked for no progress');
      for (const [i, m] of carrying.entries()) {
        const token = metaOf(m)?.progressToken;
        if (!(typeof token === 'string' || (typeof token === 'number' && Number.isInteger(token)))) {
          ctx.cite(m.seq);
          return ctx.fail({ expected: 'a string or integer progressToken', actual: `${String(m.message.method)} with progressToken ${ctx.brief(token)}` });
        }
        const clash = carrying.slice(0, i).find((e) => {
          if (e.conn !== m.conn || !sameId(metaOf(e)?.progressToken, token)) return false;
          const answer = ourAnswer(ctx.recording, e);
          const cancelled = ctx.recording.notifications('notifications/cancelled').some((c) => c.seq < m.seq && sameId(paramsOf(c).requestId, e.message.id));
          return !cancelled && (!answer || answer.seq > m.seq);
        });
        if (!clash) continue;
        ctx.cite(clash.seq, m.seq);
        return ctx.fail({ expected: 'a progressToken no active request uses', actual: `${String(m.message.method)} reuses progressToken ${ctx.brief(token)} of a request still active` });
      }
      return ctx.pass();
    },
  },
]);
