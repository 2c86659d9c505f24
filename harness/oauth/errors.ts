// One-sentence failures of `--oauth`: the run stops before any check with this sentence.
export class OAuthError extends Error {
  override readonly name = 'OAuthError';
}

/** What went wrong inside oauth4webapi, in one line (its errors carry an OAuth `error` code). */
export function oauthReason(error: unknown): string {
  const e = error as { message?: string; error?: string; error_description?: string; cause?: { error?: string; error_description?: string } };
  const code = e.error ?? e.cause?.error;
  const description = e.error_description ?? e.cause?.error_description;
  if (code) return `${code}${description ? ` (${description})` : ''}`;
  return e.message ?? String(error);
}
