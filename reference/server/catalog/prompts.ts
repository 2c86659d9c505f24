// The prompts of the reference server (7 legacy: two pages; 8 at 2026-07-28).
import { isOn } from '../faults.js';
import { elicit, type InputRequired } from '../modern/mrtr.js';
import { MODERN, atLeast, type AnyRevision } from '../revisions.js';
import type { RequestContext } from '../session.js';
import { ICONS, PNG_1X1 } from './media.js';
import { NAME_QUESTION } from './modern-tools.js';

export interface PromptArg {
  name: string;
  title: string;
  description: string;
  required: boolean;
  /** Completion candidates (completion/complete); absent: the argument is free text. */
  values?: readonly string[];
}

type Message = { role: 'user' | 'assistant'; content: Record<string, unknown> };

export interface PromptDef {
  name: string;
  title: string;
  description: string;
  arguments: PromptArg[];
  /** The first revision that offers the prompt (absent: all). */
  since?: AnyRevision;
  /** A modern prompt may answer with an InputRequiredResult (basic/patterns/mrtr). */
  messages(args: Record<string, string>, ctx: RequestContext): Message[] | InputRequired;
}

const user = (text: string): Message => ({ role: 'user', content: { type: 'text', text } });
const assistant = (text: string): Message => ({ role: 'assistant', content: { type: 'text', text } });

const LANGUAGES = ['c', 'cpp', 'csharp', 'go', 'java', 'javascript', 'kotlin', 'python', 'pytorch', 'ruby', 'rust', 'typescript'];

export const PROMPTS: readonly PromptDef[] = [
  {
    name: 'simple',
    title: 'Simple prompt',
    description: 'A prompt without arguments.',
    arguments: [],
    messages: () => [user('Say something nice about conformance tests.')],
  },
  {
    name: 'greeting',
    title: 'Greeting',
    description: 'Greets someone; the name is required.',
    arguments: [{ name: 'name', title: 'Name', description: 'Who to greet', required: true, values: ['alice', 'bob', 'carol', 'dave', 'eve'] }],
    // The fault's role is outside the schema's (user, assistant): a cast, on purpose.
    messages: (a) => [isOn('prompts-argument-role-system') ? ({ ...user(`Please greet ${a.name} warmly.`), role: 'system' } as unknown as Message) : user(`Please greet ${a.name} warmly.`)],
  },
  {
    name: 'summarize',
    title: 'Summarize',
    description: 'Asks for a summary; the style is optional.',
    arguments: [{ name: 'style', title: 'Style', description: 'Summary style', required: false, values: ['brief', 'bullet-points', 'detailed'] }],
    messages: (a) => [user(`Summarize the conversation${a.style ? ` in a ${a.style} style` : ''}.`)],
  },
  {
    name: 'code_review',
    title: 'Code review',
    description: 'Reviews code; the code is required, the language optional.',
    arguments: [
      { name: 'code', title: 'Code', description: 'The code to review', required: true },
      { name: 'language', title: 'Language', description: 'Programming language', required: false, values: LANGUAGES },
    ],
    messages: (a) => [user(`Review this ${a.language ? `${a.language} ` : ''}code:\n${a.code}`)],
  },
  {
    name: 'with_image',
    title: 'Prompt with an image',
    description: 'A prompt whose message carries an image.',
    arguments: [],
    messages: () => [{ role: 'user', content: { type: 'image', data: PNG_1X1, mimeType: isOn('prompts-image-mime-invalid') ? 'png' : 'image/png' } }, user('Describe this image.')],
  },
  {
    name: 'with_resource',
    title: 'Prompt with an embedded resource',
    description: 'A prompt whose message embeds a text resource.',
    arguments: [],
    messages: () => [
      {
        role: 'user',
        content: {
          type: 'resource',
          resource: { uri: 'test://static/readme', mimeType: 'text/plain', text: 'This is the reference server of mcp-conformance.' },
        },
      },
      user('Summarize the resource above.'),
    ],
  },
  {
    name: 'conversation',
    title: 'Multi-turn conversation',
    description: 'A prompt with user and assistant turns.',
    arguments: [],
    messages: () => [user('What is MCP?'), assistant('The Model Context Protocol.'), user('Tell me more.')],
  },
  {
    name: 'personal_greeting',
    title: 'Personal greeting',
    description: 'A greeting for the user by name; asks for the name with an elicitation (multi round-trip; needs elicitation).',
    arguments: [],
    since: MODERN,
    messages: (_args, ctx) => {
      const answer = elicit(ctx, NAME_QUESTION);
      if ('resultType' in answer) return answer;
      if (answer.action !== 'accept') return [user(`Greet the user warmly; they chose to ${answer.action} telling their name.`)];
      return [user(`Please greet ${String(answer.content.name ?? 'the user')} warmly, by name.`)];
    },
  },
];

export function renderPrompt(def: PromptDef, rev: AnyRevision): Record<string, unknown> {
  const out: Record<string, unknown> = { name: def.name };
  if (atLeast(rev, '2025-06-18')) out.title = def.title;
  out.description = def.description;
  if (def.arguments.length > 0) {
    out.arguments = def.arguments.map((a) => {
      const arg: Record<string, unknown> = { name: a.name };
      if (atLeast(rev, '2025-06-18')) arg.title = a.title;
      arg.description = a.description;
      arg.required = a.required;
      return arg;
    });
  }
  if (atLeast(rev, '2025-11-25')) out.icons = ICONS;
  return out;
}
