// Faults of issue 32's coverage of tools, resources, prompts, subscriptions and caching (server side). Each entry: { id, description };
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.

export const COV_FEATURES_FAULTS = [
  {
    id: 'resources-updated-unsubscribed',
    description:
      'Up to 2025-11-25, resources/read sends notifications/resources/updated for the URI read (before its response), although the client never subscribed to it (resources.subscribe is declared).',
  },
  { id: 'resources-read-text-and-blob', description: 'resources/read of a text resource carries its content twice: as text and as a base64 blob.' },
  { id: 'resources-read-blob-not-base64', description: 'resources/read of the binary resource returns its blob as raw text ("not base64!"), not base64.' },
  { id: 'prompts-list-description-not-string', description: 'prompts/list gives each prompt a numeric description (the schema wants a string).' },
  { id: 'prompts-image-mime-invalid', description: 'The image of the with_image prompt has mimeType "png" (no type/subtype: not a valid MIME type).' },
  {
    id: 'elicitation-asks-password',
    description:
      'ELIC-011: form elicitation asks for a password. 2025-06-18..2025-11-25: after notifications/initialized, a client that declared elicitation gets an elicitation/create with a password field; 2026-07-28: the name question of greet_user and personal_greeting also asks for one.',
  },
] as const;
