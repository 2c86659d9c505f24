// `mcp-conformance authorization --issuer <url>`: test an OAuth authorization server against what
// MCP requires of it, at each revision with MCP authorization. Same reports and exit codes as the
// other roles (0 clean, 1 a broken rule, 2 bad usage, 3 unreachable, 4 nothing tested).
import { parseArgs } from 'node:util';
import { DEFAULT_OUT } from '../api/defaults.js';
import { parseReportKinds, writeReports } from '../api/reports.js';
import { UsageError } from '../api/usage-error.js';
import { toolVersion } from '../api/version.js';
import { AS_REVISIONS, runAuthorization } from '../harness/authorization/runner.js';
import { createConsoleReporter } from '../reports/console.js';
import { exitCodeOf, nothingTested, type FailOn } from '../reports/model.js';
import { authorizationChecks } from '../suites/authorization/index.js';
import { writtenLines } from './written.js';

export const AUTHORIZATION_HELP = `mcp-conformance authorization --issuer <url> [options]

Tests an OAuth authorization server against what MCP requires of it (metadata discovery, PKCE,
resource indicators, registration, client ID metadata documents, refresh, iss).
Codes are obtained only from an AS that issues them without a login page.

  --issuer <url>          the AS issuer identifier (required)
  --spec, --revision <r>  only this revision (${AS_REVISIONS.join(', ')})
  --client-id <id>        a client registered with the AS beforehand (else DCR, CIMD, or none)
  --client-secret <s>     its secret (client_secret_basic)
  --redirect-uri <url>    its redirect URI (default: the tool's loopback callback)
  --resource <uri>        the resource tokens are asked for (default https://mcp-conformance.example.com/mcp)
  --report <kinds>        console,json,html,junit,markdown (default console)
  --out <dir>             where file reports go (default ${DEFAULT_OUT})
  --timeout <ms>          per request (default 10000)
  --fail-on <level>       must (default), should, none
  --list                  list the checks`;

export async function runAuthorizationCli(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        issuer: { type: 'string' },
        spec: { type: 'string' },
        revision: { type: 'string' },
        'client-id': { type: 'string' },
        'client-secret': { type: 'string' },
        'redirect-uri': { type: 'string' },
        resource: { type: 'string' },
        report: { type: 'string' },
        out: { type: 'string' },
        timeout: { type: 'string' },
        'fail-on': { type: 'string' },
        list: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        quiet: { type: 'boolean', short: 'q' },
      },
    }));
  } catch (error) {
    throw new UsageError(`authorization: ${(error as Error).message}`);
  }
  if (values.help) {
    process.stdout.write(`${AUTHORIZATION_HELP}\n`);
    return 0;
  }
  if (values.list) {
    for (const c of authorizationChecks) process.stdout.write(`${c.id}  ${[...new Set((Array.isArray(c.spec) ? c.spec : [c.spec]).map((s) => s.level))].join('/')}  ${c.revisions}  ${c.title}\n`);
    return 0;
  }
  const issuer = values.issuer;
  if (!issuer) throw new UsageError('authorization needs --issuer <url>, the authorization server\'s issuer identifier');
  let parsed: URL;
  try {
    parsed = new URL(issuer);
  } catch {
    throw new UsageError(`--issuer ${issuer} is not a URL (give the issuer identifier, e.g. https://auth.example.com)`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new UsageError(`--issuer ${issuer} is not an http(s) URL`);
  const revision = values.spec ?? values.revision;
  if (revision !== undefined && !(AS_REVISIONS as readonly string[]).includes(revision)) throw new UsageError(`--spec ${revision}: authorization servers are tested at ${AS_REVISIONS.join(', ')}`);
  const failOn = (values['fail-on'] ?? 'must') as FailOn;
  if (!['must', 'should', 'none'].includes(failOn)) throw new UsageError(`--fail-on ${failOn}: use must, should or none`);
  const timeoutMs = Number(values.timeout ?? 10000);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new UsageError(`--timeout ${values.timeout ?? ''} is not a positive number of milliseconds`);
  const kinds = parseReportKinds(values.report ?? 'console');
  let report = await runAuthorization({
    issuer,
    checks: authorizationChecks,
    ...(revision ? { revisions: [revision] } : {}),
    timeoutMs,
    ...(values['client-id'] ? { clientId: values['client-id'] } : {}),
    ...(values['client-secret'] ? { clientSecret: values['client-secret'] } : {}),
    ...(values['redirect-uri'] ? { redirectUri: values['redirect-uri'] } : {}),
    ...(values.resource ? { resource: values.resource } : {}),
    toolVersion: toolVersion(),
  });
  report = { ...report, failOn };
  const isTTY = process.stdout.isTTY === true;
  if (kinds.includes('console')) createConsoleReporter({ stream: process.stdout, color: isTTY && !process.env.NO_COLOR, verbose: false, quiet: values.quiet === true, isTTY }).finish(report);
  if (kinds.some((k) => k !== 'console')) {
    const paths = await writeReports(report, kinds, values.out ?? DEFAULT_OUT, failOn);
    if (!values.quiet) process.stdout.write(writtenLines(paths));
  }
  if (report.aborted) process.stderr.write(`mcp-conformance: ${report.aborted}\n`);
  const nothing = nothingTested(report);
  if (nothing) process.stderr.write(`mcp-conformance: nothing was tested: ${nothing}\n`);
  return exitCodeOf(report, failOn);
}
