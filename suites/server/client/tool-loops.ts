// client/sampling#message-content-constraints, the server side (2025-11-25+): the messages of a
// tool loop a server sends for sampling. A user message holding tool results holds only tool
// results, and every tool_use of an assistant message is answered, by toolUseId, in the very
// next message. Judged on every sampling request the server makes of a client that declared
// sampling with tools: its server requests (legacy) or its input requests (2026-07-28).
import { defineChecks } from '../../../harness/checks/define.js';
import { since } from '../../../harness/revisions.js';
import { isObject, type Json } from '../../../harness/rules/json.js';
import { citingFirst, expectNoneOrDoubt } from '../../../harness/verify/features.js';
import { askedOfFullClient } from './server-asks.js';

const blocks = (content: unknown): Json[] => (Array.isArray(content) ? content : [content]).filter(isObject);

/** Why the messages break the constraints, or undefined; `doubt` when the loop is only left open at the end. */
export function toolLoopProblem(messages: unknown): { why: string; doubt?: true } | undefined {
  if (!Array.isArray(messages)) return undefined; // the schema check's business
  for (const [i, m] of messages.entries()) {
    if (!isObject(m)) continue;
    const content = blocks(m.content);
    if (m.role === 'user' && content.some((b) => b.type === 'tool_result') && content.some((b) => b.type !== 'tool_result')) {
      return { why: `messages[${i}] (user) mixes tool_result with ${content.find((b) => b.type !== 'tool_result')?.type} content` };
    }
    const uses = m.role === 'assistant' ? content.filter((b) => b.type === 'tool_use') : [];
    if (uses.length === 0) continue;
    const next: unknown = messages[i + 1];
    if (next === undefined) return { why: `messages[${i}] (assistant) ends the request with tool_use ${uses.map((u) => JSON.stringify(u.id)).join(', ')} unanswered`, doubt: true };
    const answered = isObject(next) && next.role === 'user' ? blocks(next.content).filter((b) => b.type === 'tool_result').map((b) => b.toolUseId) : [];
    const open = uses.filter((u) => !answered.includes(u.id));
    if (open.length > 0) return { why: `messages[${i}] (assistant) calls tool_use ${open.map((u) => JSON.stringify(u.id)).join(', ')}, not answered by a tool_result in messages[${i + 1}]` };
  }
  return undefined;
}

export const toolLoopChecks = defineChecks({ page: 'client/sampling', revisions: since('2025-11-25'), needs: ['own-session'] }, [
  // "When a user message contains tool results (type: "tool_result"), it MUST contain ONLY tool
  // results." "every assistant message containing ToolUseContent blocks MUST be followed by a
  // user message that consists entirely of ToolResultContent blocks, with each tool use (e.g.
  // with id: $id) matched by a corresponding tool result (with toolUseId: $id), before any other message."
  {
    id: 'sampling.tool-loop-messages',
    title: 'Sampling messages keep tool results apart and answer every tool_use in the next message',
    spec: { url: '#message-content-constraints', level: 'MUST' },
    requirement:
      'When a user message contains tool results (type: "tool_result"), it MUST contain ONLY tool results. Every assistant message containing ToolUseContent blocks MUST be followed by a user message that consists entirely of ToolResultContent blocks, with each tool use matched by a corresponding tool result (with toolUseId), before any other message.',
    digest: ['SAMP-005'],
    faults: ['sampling-tool-loop-mixed', 'modern-sampling-tool-use-unanswered'],
    long: true,
    async run(ctx) {
      const { asks, tried } = await askedOfFullClient(ctx);
      const sampling = asks.filter((a) => a.method === 'sampling/createMessage');
      if (sampling.length === 0) return ctx.skip('nothing-observed', `no sampling/createMessage came ${tried}`);
      const broken = sampling.flatMap((a) => {
        const problem = toolLoopProblem(a.params.messages);
        if (!problem) return [];
        return [{
          text: `${a.where}: ${problem.why}`,
          ...(a.seq !== undefined ? { seq: a.seq } : {}),
          ...(problem.doubt ? { doubt: 'the request ends on the tool_use: the model is asked to go on from its own call, which the text neither allows nor plainly forbids' } : {}),
        }];
      });
      return expectNoneOrDoubt(ctx, citingFirst(broken), {
        expected: 'tool_result only in user messages of tool results, each tool_use answered in the next message',
        judged: sampling.length,
        note: `${sampling.length} sampling request(s), their tool loops well formed`,
        show: 1,
      });
    },
  },
]);
