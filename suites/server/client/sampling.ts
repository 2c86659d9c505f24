// client/sampling#capabilities (and client/elicitation#capabilities), the server side: server
// requests within the client's sub-capabilities (2025-11-25): tool-enabled sampling only
// to a client that declared `sampling.tools`, elicitation only in a mode the client declared.
// A session declares sampling without tools and elicitation in form mode only, calls the tools
// the user allows, and judges every request the server sends it.
import { defineChecks } from '../../../harness/checks/define.js';
import { only } from '../../../harness/revisions.js';
import { callable, isObj, listedTools, type Obj } from '../../../harness/target/tool-calls.js';

/** What the session declares: enough to be asked, short of the sub-capabilities judged. */
const DECLARED = { roots: { listChanged: true }, sampling: {}, elicitation: { form: {} } };
/** At most this many tool calls (sent together), each cut short after this long (a slow tool is not waited for). */
const MAX_CALLS = 10;
const CALL_PATIENCE_MS = 2000;

/** Why a server request exceeds DECLARED, or undefined. */
function beyondDeclared(method: unknown, params: Obj): string | undefined {
  if (method === 'sampling/createMessage') {
    // Tool-enabled: it offers tools (a toolChoice without tools offers nothing to use).
    if (Array.isArray(params.tools) && params.tools.length > 0) return 'a tool-enabled sampling/createMessage (with tools) to a client that declared sampling without tools';
  }
  if (method === 'elicitation/create') {
    const mode = params.mode ?? 'form';
    if (mode !== 'form') return `an elicitation/create in ${JSON.stringify(mode)} mode to a client that declared form mode only`;
  }
  return undefined;
}

export const subCapabilityChecks = defineChecks({ page: 'client/sampling', revisions: only('2025-11-25'), needs: ['own-session'] }, [
  // client/sampling#capabilities: "Servers MUST NOT send tool-enabled sampling requests to
  // Clients that have not declared support for tool use via the sampling.tools capability."
  // client/elicitation#capabilities: "Servers MUST NOT send elicitation requests with modes
  // that are not supported by the client."
  {
    id: 'capabilities.sub-capabilities-respected',
    title: 'Tool-enabled sampling only with sampling.tools, elicitation only in a declared mode',
    spec: { url: '#capabilities', level: 'MUST' },
    requirement:
      'Servers MUST NOT send tool-enabled sampling requests to Clients that have not declared support for tool use via the sampling.tools capability. Servers MUST NOT send elicitation requests with modes that are not supported by the client.',
    digest: ['SAMP-004', 'ELIC-002'],
    faults: ['sampling-tools-undeclared', 'elicitation-mode-undeclared'],
    long: true,
    async run(ctx) {
      const session = await ctx.session({ clientCapabilities: DECLARED });
      const mark = session.mark() - 1;
      const tools = await listedTools(ctx);
      const calls = Array.isArray(tools) ? callable(ctx, tools).ok.slice(0, MAX_CALLS) : [];
      // All at once: a slow tool costs its patience once, not once per call after it.
      await Promise.all(
        calls.map(async (c) => {
          const id = `sub-capabilities-${c.name}`;
          const reply = await session.request('tools/call', { name: c.name, arguments: c.args }, { id, timeoutMs: Math.min(ctx.timeoutMs, CALL_PATIENCE_MS) });
          if (reply.kind === 'timeout') await session.notify('notifications/cancelled', { requestId: id, reason: 'no answer within the timeout' });
        }),
      );
      // Whatever the server asks as soon as it is initialized, or while a call runs, has come by now.
      await session.fence();
      const asked = session.since(mark).filter((m) => isObj(m.message) && typeof m.message.method === 'string' && 'id' in m.message);
      const asking = asked.filter((m) => ['sampling/createMessage', 'elicitation/create'].includes((m.message as Obj).method as string));
      const wrong = asking.flatMap((m) => {
        const why = beyondDeclared((m.message as Obj).method, isObj((m.message as Obj).params) ? ((m.message as Obj).params as Obj) : {});
        return why ? [{ m, why }] : [];
      });
      if (wrong.length > 0) {
        ctx.cite(...wrong.slice(0, 5).map((w) => w.m.seq ?? 0));
        return ctx.fail({ expected: `server requests within ${JSON.stringify(DECLARED)}`, actual: `${wrong.length} request(s) beyond it, first ${wrong[0]?.why}` });
      }
      if (asking.length === 0) return ctx.skip(`nothing to judge: no sampling or elicitation request came after initialized${calls.length > 0 ? ` nor during ${calls.length} tool call(s)` : ' (no tool the user allows to call)'}`);
      return ctx.pass(`${asking.length} sampling/elicitation request(s), all within the declared capabilities`);
    },
  },
]);
