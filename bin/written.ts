// What the CLI says after writing files.

/** One "report written to PATH" line per file. */
export function writtenLines(paths: string[]): string {
  return paths.map((p) => `report written to ${p}\n`).join('');
}
