// Faults of the client features: answers to roots, sampling and elicitation requests
// (legacy server requests and modern input requests alike), and task augmentation.
import { ALL, BOTH, LEGACY, type FaultSpec } from './types.js';

export const FEATURES_FAULTS = [
  // roots
  { id: 'roots-answered-undeclared', digest: 'ROOTS-001', transports: ALL, eras: BOTH, description: 'ROOTS-001: roots is left out of the declared capabilities, yet roots/list is answered with a root (legacy server requests; at 2026-07-28 a roots input request given in the retry, where a scripted server asks whatever was declared).' },
  { id: 'roots-not-file-uri', digest: 'ROOTS-002', transports: ALL, eras: BOTH, description: 'ROOTS-002: the root handed out is https://example.com/ instead of a file:// URI.' },
  { id: 'roots-undeclared-wrong-code', digest: 'ROOTS-004', transports: ALL, eras: LEGACY, description: 'ROOTS-004: without roots declared, roots/list is answered -32603 instead of -32601 (run with --capabilities lacking roots).' },
  { id: 'roots-list-changed-undeclared', digest: 'ROOTS-003', transports: ALL, eras: LEGACY, description: 'ROOTS-003: declares roots without listChanged, yet sends notifications/roots/list_changed after notifications/initialized.' },
  // sampling
  { id: 'sampling-answered-undeclared', digest: 'SAMP-001', transports: ALL, eras: BOTH, description: 'SAMP-001: sampling is left out of the declared capabilities, yet sampling/createMessage is answered with a message (legacy server requests; at 2026-07-28 a sampling input request given in the retry, where a scripted server asks whatever was declared).' },
  { id: 'sampling-tools-answered-undeclared', digest: 'SAMP-001', transports: ALL, eras: BOTH, description: 'SAMP-001: a sampling request with tools is answered with a tool_use turn (stopReason toolUse) although sampling.tools was not declared (2025-11-25 on; run without sampling-tools, the default).' },
  { id: 'sampling-result-invalid', digest: 'SAMP-003', transports: ALL, eras: BOTH, description: 'SAMP-003: sampling results lack model.' },
  { id: 'sampling-malformed-accepted', digest: 'SAMP-006', transports: ALL, eras: LEGACY, description: 'SAMP-006: at 2025-11-25 a sampling request whose user message mixes tool_result with other content is answered normally instead of -32602.' },
  // elicitation
  { id: 'elicitation-answered-undeclared', digest: 'ELIC-001', transports: ALL, eras: BOTH, description: 'ELIC-001: elicitation is left out of the declared capabilities, yet elicitation/create is accepted (2025-06-18 on; legacy server requests; at 2026-07-28 an elicitation input request given in the retry, where a scripted server asks whatever was declared).' },
  { id: 'elicitation-url-accepted-undeclared', digest: 'ELIC-007', transports: ALL, eras: BOTH, description: 'ELIC-007: a URL-mode elicitation is accepted although elicitation.url was not declared (instead of -32602, or no retry in the modern era).' },
  { id: 'elicitation-content-invalid', digest: 'ELIC-005', transports: ALL, eras: BOTH, description: 'ELIC-005: a form accept carries content of the wrong types (strings become 0, numbers "x", booleans "yes").' },
  { id: 'elicitation-content-missing', digest: 'ELIC-005', transports: ALL, eras: BOTH, description: 'ELIC-005: a form accept carries no content.' },
  { id: 'elicitation-action-invalid', digest: 'ELIC-005', transports: ALL, eras: BOTH, description: 'ELIC-005: elicitation answers carry action "ok" (not accept, decline or cancel).' },
  { id: 'elicitation-url-content', digest: 'ELIC-005', transports: ALL, eras: BOTH, description: 'ELIC-005: a URL-mode accept carries content {} (run with --capabilities including elicitation-url).' },
  { id: 'elicitation-no-mode-rejected', digest: 'ELIC-003', transports: ALL, eras: BOTH, description: 'ELIC-003: from 2025-11-25 a form request without mode is refused (-32602; no retry in the modern era).' },
  { id: 'elicitation-url-prefetched', digest: 'ELIC-008', transports: ALL, eras: BOTH, description: 'ELIC-008: the URL of a URL-mode elicitation is fetched (GET) to preview it, and the request then declined: fetched although nobody consented (run with --capabilities including elicitation-url).' },
  // tasks
  { id: 'task-augmented-undeclared', digest: 'TASK-003', transports: ALL, eras: LEGACY, description: 'TASK-003: at 2025-11-25 tools/call carries task {ttl: 60000} although the server declared no tasks.requests.tools.call.' },
] as const satisfies readonly FaultSpec[];
