// A mistake in what the caller asked for (an option, a value, a file it names), as one
// sentence. The CLI prints it and exits 2; the library rejects with it before anything starts.
export class UsageError extends Error {
  override name = 'UsageError';
}
