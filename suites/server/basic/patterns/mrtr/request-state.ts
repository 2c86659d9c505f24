// basic/patterns/mrtr#server-requirements-basic-workflow (2026-07-28): a requestState is
// protected, and bound to the request it was issued for. Each check retries a fresh round.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { ASK_ALL, answersFor, isInputRequired, mrtrSession, resultOf, retry, survey, tamper } from '../../../../../harness/target/mrtr-plan.js';
import { noShapeToJudge, unanswered } from '../../../../../harness/rules/no-answer.js';
import type { Reply } from '../../../../../harness/jsonrpc/types.js';
import { expectNone, replyLine, type Violation } from '../../../../../harness/verify/index.js';
import { completes, freshRound, withState, withStateToAnswer } from './fresh-round.js';

/** A violation that cites the frame of the answer that shows it. */
const cited = (reply: Reply, text: string): Violation => ({ text, ...(reply.kind === 'result' && reply.seq !== undefined ? { seq: reply.seq } : {}) });

export const requestStateChecks = defineChecks({ page: 'basic/patterns/mrtr', revisions: RANGE.modern, needs: ['own-session'] }, [
  // "If requestState influences authorization, resource access, or business logic, servers MUST
  // protect its integrity ... and MUST reject state that fails verification. Integrity
  // protection MAY be omitted only when tampering can cause nothing worse than request
  // failure." Whether the state matters cannot be seen from outside: a warning.
  {
    id: 'input-required.tampered-state-rejected',
    title: 'A retry with a tampered requestState is not completed',
    spec: { url: '#server-requirements-basic-workflow', level: 'SHOULD' },
    requirement:
      'If requestState influences authorization, resource access, or business logic, servers MUST protect its integrity (e.g. HMAC or AEAD) and MUST reject state that fails verification.',
    fix: 'Seal requestState (HMAC or AEAD) and answer a retry whose state fails verification with an error.',
    digest: ['MRTR-005'],
    faults: ['modern-request-state-unverified'],
    long: true,
    async run(ctx) {
      const round = await freshRound(ctx, withStateToAnswer, 'gave a requestState and asked only for input a client can give');
      if (typeof round === 'string') return ctx.skip('not-offered', round);
      const answers = answersFor(round.first, ctx.rev.dialect);
      const forged = tamper(round.state!);
      const tampered = await retry(round.session, round.target, { inputResponses: answers, requestState: forged });
      const genuine = await retry(round.session, round.target, { inputResponses: answers, requestState: round.state });
      if (!completes(genuine)) return ctx.skip(unanswered(genuine) ? 'no-answer' : 'cannot-set-up', `cannot judge: even the untouched state did not complete ${round.target.label} (${replyLine(ctx, genuine)})`);
      if (unanswered(tampered)) return ctx.skip('no-answer', noShapeToJudge(`${round.target.label} with a tampered requestState`, tampered));
      // One retry judged: completing it is the one break (an error, or the question again, rejects it).
      return expectNone(ctx, completes(tampered) ? [cited(tampered, `completed like the untouched state: ${replyLine(ctx, tampered)}`)] : [], {
        expected: `the retry of ${round.target.label} with a tampered requestState rejected (an error, or the question asked again)`,
        judged: 1,
        note: `${round.target.label}: the tampered state got ${replyLine(ctx, tampered)}; the untouched one completed`,
        reason: 'the MUST applies when the state influences authorization, resource access or business logic, which cannot be seen from outside',
      });
    },
  },

  // "To prevent replay, servers SHOULD include ... an identifier for the originating request,
  // e.g. the method name and a digest of its salient parameters, rejecting state presented on a
  // request that does not match."
  {
    id: 'input-required.state-bound-to-request',
    title: 'A requestState issued for one request is not accepted by another',
    spec: { url: '#server-requirements-basic-workflow', level: 'SHOULD' },
    requirement:
      'To prevent replay, servers SHOULD include ... an identifier for the originating request, e.g. the method name and a digest of its salient parameters, rejecting state presented on a request that does not match.',
    digest: ['MRTR-005'],
    faults: ['modern-request-state-unbound'],
    long: true,
    async run(ctx) {
      const s = await survey(ctx);
      const stated = s.targets.filter((t) => withStateToAnswer(t.first.result));
      if (stated.length < 2) return ctx.skip('not-offered', `needs two requests that ask, with a requestState, for input a client can give; found ${stated.length} (${s.tried})`);
      const session = await mrtrSession(ctx, ASK_ALL);
      const [a, b] = [stated[0]!.target, stated[1]!.target];
      const firstA = resultOf(await session.request(a.method, a.params));
      const firstB = resultOf(await session.request(b.method, b.params));
      if (!isInputRequired(firstA) || !isInputRequired(firstB) || !withState(firstA) || !withStateToAnswer(firstB)) return ctx.skip('cannot-set-up', `${a.label} or ${b.label} no longer asks, with a requestState, for input a client can give`);
      const answers = answersFor(firstB, ctx.rev.dialect);
      const replayed = await retry(session, b, { inputResponses: answers, requestState: firstA.requestState });
      const genuine = await retry(session, b, { inputResponses: answers, requestState: firstB.requestState });
      if (!completes(genuine)) return ctx.skip(unanswered(genuine) ? 'no-answer' : 'cannot-set-up', `cannot judge: ${b.label} did not complete with its own state either (${replyLine(ctx, genuine)})`);
      if (unanswered(replayed)) return ctx.skip('no-answer', noShapeToJudge(`${b.label} with the state of ${a.label}`, replayed));
      return expectNone(ctx, completes(replayed) ? [cited(replayed, `it completed: ${replyLine(ctx, replayed)}`)] : [], {
        expected: `${b.label} rejects the requestState issued for ${a.label}`,
        judged: 1,
        note: `${b.label} with the state of ${a.label}: ${replyLine(ctx, replayed)}`,
      });
    },
  },
]);
