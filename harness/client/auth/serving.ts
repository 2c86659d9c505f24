// One run of an auth scenario: the resource server in front of the scripted MCP endpoint and
// the authorization server, on the MCP server's origin (2025-03-26) or on an origin of its own
// (a second listener, recorded like the first). Everything the servers decide goes into the
// run's trace; every request to either origin goes into the recording.
import { revisionInfo, type RevisionInfo } from '../../revisions.js';
import { HttpEndpoint } from '../../transports/serve/http-endpoint.js';
import { WireLog } from '../../wire-log.js';
import type { RunHooks, RunServing } from '../scenario.js';
import { ScriptedAuthorizationServer, noMetadata } from './authorization-server.js';
import { Answerer } from './http.js';
import type { AuthProfile } from './profile.js';
import { ScriptedResourceServer } from './resource-server.js';
import { AuthTrace, attachTrace } from './trace.js';

export type ProfileFor = (rev: RevisionInfo) => AuthProfile;

/** The `prepare` hook of an auth scenario: per-run servers shaped by the revision's profile. */
export function authServing(profileFor: ProfileFor): (run: RunServing) => Promise<RunHooks> {
  return async (run) => {
    const rev = revisionInfo(run.revision);
    const profile = profileFor(rev);
    const wire = new WireLog();
    run.recording.wires.push(wire);
    let own: HttpEndpoint | undefined;
    // The ASes need their origin to exist before they do: the listener routes through this holder.
    const route: { ases: ScriptedAuthorizationServer[]; out?: Answerer } = { ases: [] };
    if (profile.authorizationServer === 'own-origin') {
      own = new HttpEndpoint(
        {
          era: rev.era,
          transport: 'streamable-http',
          responses: 'json',
          sessions: false,
          getStream: false,
          allowDelete: false,
          intercept: (req, res) => {
            req.connection = 'authorization-server';
            if (route.ases.some((as) => as.handle(req, res)) || (route.out && noMetadata(route.out, req, res))) return true;
            res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not an endpoint of this authorization server');
            return true;
          },
        },
        () => undefined,
      );
      await own.listen();
    }
    const asOrigin = own?.origin ?? new URL(run.url).origin;
    const trace = new AuthTrace(profile, run.revision, run.url, asOrigin, `${asOrigin}${profile.issuerPath}`);
    attachTrace(run.recording, trace);
    const out = new Answerer(trace, wire);
    route.out = out;
    const as = new ScriptedAuthorizationServer(profile, trace, out);
    route.ases.push(as);
    if (profile.migration) {
      const next = new ScriptedAuthorizationServer(profile, trace, out, profile.migration.issuerPath);
      trace.nextIssuer = next.id;
      route.ases.push(next);
    }
    const rs = new ScriptedResourceServer(profile, trace, out, own ? undefined : as);
    return {
      intercept: (req, res) => rs.handle(req, res),
      async close() {
        if (!own) return;
        await own.close();
        run.recording.http.push(...own.requests);
        run.recording.wires.push(own.wire);
      },
    };
  };
}
