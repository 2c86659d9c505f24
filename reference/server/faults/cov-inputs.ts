// Faults of issue 32's coverage of sampling, elicitation, roots and input requests (MRTR) (server side). Each entry: { id, description };
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.

const MODERN = ['stdio', 'http'] as const;

export const COV_INPUTS_FAULTS = [
  {
    id: 'sampling-tool-loop-mixed',
    revision: '2025-11-25',
    description: 'SAMP-005: after notifications/initialized, to a client that declared sampling.tools, sends a sampling/createMessage whose tool_result user message also holds text.',
  },
  {
    id: 'modern-sampling-tools-undeclared',
    transports: MODERN,
    description: 'SAMP-004/MRTR-004: an InputRequiredResult to a request declaring sampling without sampling.tools also asks for a tool-enabled sampling/createMessage.',
  },
  {
    id: 'modern-elicitation-url-undeclared',
    transports: MODERN,
    description: 'ELIC-002/MRTR-004: an InputRequiredResult to a request declaring elicitation in form mode only also asks for a URL-mode elicitation/create.',
  },
  {
    id: 'modern-sampling-tool-use-unanswered',
    transports: MODERN,
    revision: '2026-07-28',
    description: 'SAMP-005: an InputRequiredResult to a request declaring sampling.tools also asks for a sampling/createMessage whose assistant tool_use is followed by a plain text user message.',
  },
  {
    id: 'url-elicitation-required-malformed',
    revision: '2025-11-25',
    description: 'ELIC-010: the fail tool answers with a -32042 URLElicitationRequiredError whose data.elicitations holds a URL-mode elicitation without elicitationId.',
  },
] as const;
