// extensions/skills, client side: the Skills extension (io.modelcontextprotocol/skills,
// SEP-2640), the host's half, final since 2026-09-13, its own page outside the revisions. The
// checks judge a client driven by a skills contract against two scripted servers
// (suites/client/scenarios/skills.ts): how it reaches the skills it is asked to load
// (loading.ts), and that it fetches nothing ahead of need and uses nothing unverified
// (verification.ts). Every other requirement of the digest (13-skills-extension.md) that binds
// a client or host is listed here with why: most are about what a host does inside (its
// registry, its cache, what enters the model's context, its approval prompts), which no scripted
// server can see; the rest need a scripted server the checks do not have yet.
import type { Exclusions } from '../../../../harness/checks/exclusion.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import { directoryClientChecks } from './directory.js';
import { loadingClientChecks } from './loading.js';
import { verificationClientChecks } from './verification.js';

const inside = (detail: string) => ({ reason: 'not-observable', detail, side: 'client' }) as const;
const ui = (detail: string) => ({ reason: 'ui-only', detail, side: 'client' }) as const;
const may = (detail: string) => ({ reason: 'informative', detail, side: 'client' }) as const;
const missing = (detail: string) => ({ reason: 'missing', detail, side: 'client' }) as const;

const excluded: Exclusions = {
  'SKILL-026': inside('A client serves no skill resources: whatever _meta keys it uses for them stay inside the host.'),
  'SKILL-083': inside('The reservation binds extension authors: nothing a scripted server offers provokes a client into inventing a skills/ method, and the methods it does send are judged by SKILL-067 and SKILL-007.'),
  'SKILL-100': inside('A DNS lookup of a skill:// authority leaves the MCP wire: only a resolver the harness controls could see it.'),
  'SKILL-101': inside('Whether a host takes a resource for a skill shows only in its registry or model context; a resources/read of it is ordinary resource use (SKILL-117).'),
  'SKILL-102': missing('Two scripted servers serving the same skill:// URI with different content: loading it from B must send the resources/read to B, none to A (the client scenarios run one scripted server).'),
  'SKILL-103': missing('As SKILL-102: a host keyed on the URI alone reads the skill from the wrong one of two scripted servers.'),
  'SKILL-104': inside('Where a host materializes skill content (a cache directory, a virtual mount) is host-internal.'),
  'SKILL-107': missing('Two scripted servers each serving a skill named refunds: loading "refunds from B" must read from B only (the client scenarios run one scripted server).'),
  'SKILL-108': inside("Shadowing a host's own filesystem skill needs that skill and a user or model choosing it; nothing of it shows on the wire."),
  'SKILL-109': ui('Surfacing a name collision is something the host shows its user.'),
  'SKILL-113': may('A MAY: a host may decline a "dynamic" skill or load it.'),
  'SKILL-115': ui('Telling the user why a skill was declined is something the host shows its user.'),
  'SKILL-116': may('A MAY: a host may stop loading a dynamic skill at the total-size limit.'),
  'SKILL-117': inside('Whether a resources/read of a SKILL.md counts as a load is what the host does with the bytes afterwards; the read looks the same on the wire.'),
  'SKILL-118': inside('How a host hands ordinary resource content to its model is host-internal.'),
  'SKILL-120': inside('Acting on a nested SKILL.md frontmatter (an allowed-tools taking effect) happens inside the host.'),
  'SKILL-121': inside('Fresh consent before activating a nested skill needs a person who approves or not; a black box cannot tell whether it was asked.'),
  'SKILL-133': may('A MAY: a host may hold the acting window open longer.'),
  'SKILL-139': missing('A client asked to load the same unchanged skill twice would warn on a second resources/read of its SKILL.md.'),
  'SKILL-140': inside('Whether a host treats a digest match as a security boundary is its own policy.'),
  'SKILL-141': may('A MAY: a host may answer what a directory holds from the entry alone.'),
  'SKILL-143': ui('How a host presents a changed skill needing re-approval is what it shows its user.'),
  'SKILL-150': inside('Prompt-injection defences are applied inside the host, to what its model sees.'),
  'SKILL-151': inside('How much risk a host assigns to a surface is its own policy.'),
  'SKILL-152': inside('Tagging content with its server at the point it enters model context is visible only in that context.'),
  'SKILL-153': inside('How a skill is presented to the model is visible only in the model context.'),
  'SKILL-154': inside('Host-side code execution and the per-skill approval before it happen in the host, with a person approving or not.'),
  'SKILL-155': inside('Ignoring or approval-gating frontmatter hooks happens in the host, with a person approving or not.'),
  'SKILL-156': inside('Gating code-execution tool calls of a model acting on a skill needs a model and a person; neither is on the wire.'),
  'SKILL-157': inside('A cross-server read caused by a skill needs a model that follows the skill text, and a second server.'),
  'SKILL-158': missing('Two scripted servers reporting the same serverInfo.name and the same skill URI: a host that conflates them reads from the wrong one (the client scenarios run one scripted server).'),
  'SKILL-159': ui('The per-call approval naming both servers is a prompt to the user.'),
  'SKILL-160': inside('Which permissions a host grants its model is host-internal.'),
  'SKILL-161': inside('Whether allowed-tools takes effect is host-internal.'),
  'SKILL-162': inside('The authority a host gives skill content inside its model context is host-internal.'),
  'SKILL-163': ui('Showing which server a skill comes from is what the host shows its user.'),
  'SKILL-164': ui('Letting users inspect a skill before it is loaded is what the host shows its user.'),
  'SKILL-165': may('A MAY: a host may gate loading behind user approval.'),
  'SKILL-166': inside('Persisted approvals need a person approving and a host restart; what they are bound to is host-internal.'),
  'SKILL-167': inside('Re-prompting after a changed manifest needs a person and persisted approvals; the read that follows looks the same on the wire either way.'),
  'SKILL-168': inside('What a persisted approval covers is host-internal.'),
  'SKILL-169': inside('How a host protects its on-disk cache is host-internal, and a cached file altered between loads needs the cache location.'),
  'SKILL-170': inside('Where a host caches skill content on disk is host-internal.'),
  'SKILL-171': inside('Treating cached content as MCP-served after a restart is host-internal.'),
  'SKILL-172': inside('Removing a server cached skill content is host-internal.'),
  'SKILL-180': may('Only in the SEP, not on the normative page (the digest treats it as informative), and no incompatible Agent Skills change exists yet.'),
  'SKILL-181': may('Only in the SEP, not on the normative page (the digest treats it as informative).'),
};

export const group: PageGroup<ClientCheck> = { checks: [...loadingClientChecks, ...verificationClientChecks, ...directoryClientChecks], excluded };
