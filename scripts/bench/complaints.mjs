// The one line that says why a process the bench ran did not do its job: a build's CLI that
// will not take the bench's command line (with --vs, an older build may not know a flag of
// today's), and a build of another commit that fails. One sentence, not a crash or a bare exit code.

/** The CLI's exit code for a usage error (an unknown flag, a bad value): the same in every build so far. */
export const USAGE_EXIT = 2;

/**
 * Why the `build` build's CLI refused `args`, given what it printed on stderr: the flag (or the
 * `client` command) it says it does not know, else its complaint as it is (a bad value, a bad file).
 */
export function refusal(build, args, stderr) {
  const complaint = shorten(stderr.trim().split('\n')[0] ?? '');
  const unknown = /unknown|unexpected|unrecogni[sz]ed|not known/i.test(complaint);
  const named = args.filter((a) => /^(--?[\w-]+|client)$/.test(a)).find((a) => new RegExp(`(^|[\\s'"\`])${escape(a)}([\\s'"\`,.:;)]|$)`).test(complaint));
  return unknown && named !== undefined
    ? `the ${build} build's CLI does not know \`${named}\` (it said: ${complaint})`
    : `the ${build} build's CLI refused the command line (exit ${USAGE_EXIT}): ${complaint || 'no message'}`;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const shorten = (line) => (line.length > 240 ? `${line.slice(0, 240)}…` : line);

/**
 * The line of a failed `npm run <script>`'s output (stdout, then stderr) that says what broke:
 * the script's first line naming an error, else its last line; npm's own summary only when the
 * script said nothing (a missing script). npm's banner and log pointers say nothing of the build.
 */
export function buildFailure(output) {
  const lines = output.split('\n').map((l) => l.trim()).filter(Boolean);
  const own = lines.filter((l) => !/^(npm (error|ERR!|warn|notice)\b|> )/.test(l));
  const npm = lines
    .filter((l) => /^npm (error|ERR!)/.test(l))
    .map((l) => l.replace(/^npm (error|ERR!)\s*/, ''))
    .filter((l) => l !== '' && !/^(code|path|workspace|location|command|signal|errno|syscall|A complete log|To see a list|npm run)\b/.test(l));
  const line = own.find((l) => /\berror\b/i.test(l)) ?? own[own.length - 1] ?? npm[0] ?? 'no output';
  return shorten(line).replace(/\.$/, '');
}
