// The library's two entry points: test a server, test a client, and resolve with the report
// model (what report.json holds). The CLI runs the same plan and the same run (plan.ts,
// run-target.ts); these only skip the printing and the files.
import type { RunReport } from '../harness/checks/result.js';
import { CLIENT_OPTIONS, optionSource, SERVER_OPTIONS, type ClientTestOptions, type ServerTestOptions } from './options.js';
import { oauthOfConfig, planTarget, type CheckSets, type RunRequest } from './plan.js';
import { runTarget } from './run-target.js';
import { UsageError } from './usage-error.js';
import { toolVersion } from './version.js';

async function run(request: RunRequest, checks: CheckSets, options: ServerTestOptions | ClientTestOptions): Promise<RunReport> {
  const { target, concurrency } = await planTarget(request, checks);
  const signal = options.signal ?? new AbortController().signal;
  const { report } = await runTarget(target, { concurrency, signal, toolVersion: toolVersion(), ...(options.listener ? { listener: options.listener } : {}) });
  return report;
}

/**
 * Test an MCP server: a stdio command (`server`) or an HTTP URL (`url`). Resolves with the
 * report once the run is over, also when it was cut short (`report.aborted` says why; the
 * target could not be started or reached, or `signal` stopped it). Rejects with a UsageError
 * on a wrong option, before anything starts.
 */
export async function testServer(options: ServerTestOptions): Promise<RunReport> {
  const source = optionSource('testServer', options, SERVER_OPTIONS);
  if (options.server === undefined && options.url === undefined) throw new UsageError('testServer needs server (the command that starts a stdio server) or url (an HTTP server)');
  const request: RunRequest = {
    options: source,
    ...(options.server !== undefined ? { server: options.server } : {}),
    ...(options.url !== undefined ? { url: options.url } : {}),
    ...(options.oauth !== undefined ? { oauth: oauthOfConfig(options.oauth === true ? {} : options.oauth) } : {}),
  };
  const { allChecks } = await import('../suites/index.js');
  return run(request, { server: allChecks, client: [] }, options);
}

/**
 * Test an MCP client: the tool plays scripted servers, and runs `client` once per scenario
 * and revision, with `{url}` (a Streamable HTTP server) or `{server}` (a command that starts a
 * stdio server) in its place. Resolves with the report, as testServer does.
 */
export async function testClient(options: ClientTestOptions): Promise<RunReport> {
  const source = optionSource('testClient', options, CLIENT_OPTIONS);
  if (typeof options.client !== 'string') throw new UsageError('testClient needs client (the command that runs the client, with {url} or {server} where the server goes)');
  const { clientChecks } = await import('../suites/client/index.js');
  return run({ options: source, client: options.client }, { server: [], client: clientChecks }, options);
}
