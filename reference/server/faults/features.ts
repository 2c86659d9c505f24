// Faults for tools, resources, prompts, completion, pagination. Each entry: { id, description }; guard it once with isOn('<id>').
export const FEATURES_FAULTS = [
  // tools
  { id: 'tools-duplicate-name', description: 'The first page of tools/list lists its first tool twice.' },
  { id: 'tools-name-invalid', description: 'The get_time tool is named "get time" (a space: not an allowed tool-name character).' },
  { id: 'tools-input-schema-invalid', description: 'tools/list shows echo with an inputSchema that is not valid JSON Schema (minLength: -1).' },
  { id: 'tools-unknown-returns-result', description: 'tools/call of an unknown tool returns the result {content: []} instead of an error.' },
  { id: 'tools-call-result-invalid', description: 'The image item returned by get_image lacks its mimeType (the result is schema-invalid).' },
  {
    id: 'tools-structured-content-invalid',
    description: 'add returns structuredContent {total: n} (and that JSON as text), which lacks the "sum" its outputSchema requires.',
  },
  { id: 'tools-structured-without-text', description: 'add returns the text "The sum is n" instead of the serialized structuredContent.' },
  {
    id: 'tools-invalid-args-protocol-error',
    description: 'From 2025-11-25, arguments that violate the inputSchema get error -32602 instead of an isError result.',
  },
  {
    id: 'tools-embedded-resource-undeclared',
    description: 'Leaves resources out of the capabilities (resources/* answer -32601), yet get_image also embeds the resource test://static/readme.',
  },
  // resources
  { id: 'resources-unknown-uri-result', description: 'Reading an unknown URI returns {contents: []} instead of an error (-32002; -32602 from 2026-07-28).' },
  { id: 'resources-subscribe-error', description: 'resources/subscribe answers -32601 although resources.subscribe is declared.' },
  {
    id: 'resources-read-path-traversal',
    description:
      'RES-031: resources/read of an unknown file:// URI under file:///srv/reference/docs/ resolves its ../ (and %2e%2e/) segments against a tiny in-memory fake filesystem (the listed guide.txt, /etc/passwd "root:x:0:0:root:/root:/bin/sh", /etc/hostname) and serves the file it lands on, instead of the not-found error (file:///etc/passwd read directly is still refused).',
  },
  { id: 'resources-uri-invalid', description: 'resources/list also lists test://static:notes (a port that is not digits: not RFC 3986, though JSON Schema\'s `format: uri` lets it by), readable like the others.' },
  // prompts
  { id: 'prompts-unknown-returns-result', description: 'prompts/get of an unknown prompt returns {messages: []} instead of error -32602.' },
  { id: 'prompts-argument-role-system', description: 'The greeting prompt (its name argument is required) answers with a message whose role is "system" (the schema allows user and assistant).' },
  { id: 'prompts-missing-argument-accepted', description: 'prompts/get without a required argument succeeds (the argument is filled with "").' },
  // completion
  { id: 'completions-undeclared-wrong-code', description: 'Leaves completions out of the capabilities and answers completion/complete with -32602 instead of -32601.' },
  // pagination
  { id: 'pagination-cursor-loop', description: 'The second page of prompts/list hands out the cursor that led to it again.' },
  { id: 'pagination-never-ends', description: 'resources/templates/list never ends: past the last template come empty pages, each with a new cursor.' },
  { id: 'pagination-overlapping-pages', description: 'Each page of resources/list after the first starts with the last item of the page before.' },
  { id: 'pagination-invalid-cursor-accepted', description: 'An invalid cursor is answered with the first page instead of error -32602.' },
  { id: 'pagination-next-cursor-null', description: 'The last page of tools/list carries "nextCursor": null (the schema wants a string or nothing).' },
] as const satisfies readonly { id: string; description: string }[];
