// The lists whose complete results carry caching hints (server/utilities/caching, 2026-07-28),
// by the capability that offers each.
export const CACHEABLE_LISTS = [
  ['tools', 'tools/list'],
  ['prompts', 'prompts/list'],
  ['resources', 'resources/list'],
  ['resources', 'resources/templates/list'],
] as const;
