// The client-testing model. A scenario is a scripted MCP server (what it offers and how it
// behaves) that the client under test is run against once per revision and transport; client
// checks judge the recording of that run. One setup, many checks: a scenario's recording is
// judged by every check that names it.
import type { HandlerAnswer, HandlerContext, Reply } from '../jsonrpc/types.js';
import type { Check } from '../checks/check.js';
import type { RevisionId } from '../revisions.js';
import type { TransportKind } from '../transport.js';
import type { HttpServingOptions } from '../transports/serve/http-endpoint.js';
import type { ClientCheckContext } from './context.js';
import type { Recording } from './recording.js';

export interface ScriptTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  /** 2025-11-25: execution.taskSupport, whether the tool runs as a task. */
  execution?: Record<string, unknown>;
  /** The tool's result; default: one text block echoing the arguments. */
  run?(args: Record<string, unknown>, ctx: ScriptContext): Promise<HandlerAnswer> | HandlerAnswer;
}

export interface ScriptResource {
  uri: string;
  name: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

export interface ScriptPrompt {
  name: string;
  description?: string;
  arguments?: { name: string; required?: boolean; description?: string }[];
}

/** What a scripted handler can reach while it answers one request. */
export interface ScriptContext extends HandlerContext {
  revision: string;
  /** The request's own params and message. */
  params: Record<string, unknown>;
  message: Record<string, unknown>;
  /** What has been recorded so far (earlier requests, HTTP headers...). */
  recording: Recording;
  /** Legacy HTTP: end this session; requests with its id get 404 from now on. */
  expireSession(): void;
  /** 2025-03-26: send requests as one JSON-RPC batch frame (on the request's stream over HTTP); the reply to each, in order. */
  requestBatch(requests: { method: string; params?: Record<string, unknown> }[], opts?: { timeoutMs?: number }): Promise<Reply[]>;
}

export interface ServerScript {
  /** Declared server capabilities, or a function of the revision (default: what it offers: tools, resources, prompts). */
  capabilities?: Record<string, unknown> | ((revision: string) => Record<string, unknown>);
  instructions?: string;
  tools?: ScriptTool[];
  /** The tools as they stand now in this run, when they change mid-run (default: `tools`). */
  toolsNow?(recording: Recording): ScriptTool[] | undefined;
  resources?: ScriptResource[];
  prompts?: ScriptPrompt[];
  /** Items per page of every list (default: all on one page). */
  pageSize?: number;
  /**
   * Legacy: the protocol version to answer initialize with, given what the client asked
   * (default: the revision under test, as a server that supports only it would).
   */
  negotiate?(requested: unknown, revision: string): string;
  /** Called for every request before the default handling; an answer replaces it. */
  onRequest?(method: string, ctx: ScriptContext): Promise<HandlerAnswer | undefined> | HandlerAnswer | undefined;
  /** Called for every notification. */
  onNotification?(method: string, params: Record<string, unknown>, recording: Recording): void;
  /** HTTP serving choices (answers as JSON or SSE, sessions, the GET stream, interception). */
  http?: Partial<HttpServingOptions>;
}

export interface ClientScenario {
  /** `area.what`, like check ids; checks name it in `scenario`. */
  id: string;
  title: string;
  /** The revisions it runs at (a RANGE name, since(), between()...). */
  revisions: string;
  transports: 'any' | TransportKind[];
  /**
   * The official conformance suite's scenario whose client behaviour fits (sent as
   * MCP_CONFORMANCE_SCENARIO, so client programs written for that suite run unmodified).
   */
  official?: string;
  /** Extra fields of MCP_CONFORMANCE_CONTEXT (credentials a scenario hands out). */
  context?: Record<string, unknown>;
  server: ServerScript;
  /**
   * Why a run of it takes long on the client's own clock (it waits out the client's timeout
   * for a tool that never answers), when it does. Such a run starts first, with its revision's
   * probe rather than after it, and holds no place in the window of runs at once: it spends its
   * time waiting, not working. It is judged only if the probe finds the revision offered.
   */
  long?: string;
  /**
   * Why the scenario hands out a URL no client should fetch unasked, when it does: each run then
   * gets a canary listener of its own (harness/client/canary.ts; stdio runs too), whose address
   * the script reads from `recording.canary` and whose hits a check judges.
   */
  canary?: string;
  /** The run is over once this holds (besides the client exiting): the tool then ends it. */
  done?(recording: Recording): boolean;
  /**
   * HTTP: called once per run when the endpoint listens, before the client starts. Servers
   * with state of their own (the scripted authorization server) live in its closure.
   */
  prepare?(run: RunServing): Promise<RunHooks> | RunHooks;
}

/** Where one run's scripted server listens. */
export interface RunServing {
  url: string;
  revision: string;
  recording: Recording;
}

/** One run's additions: an intercept in front of the script's, and what ends with the run. */
export interface RunHooks {
  intercept?: HttpServingOptions['intercept'];
  /** Called after the endpoint closed, before the recording is judged. */
  close?(): Promise<void>;
}

/** A client check: judges the recording of one scenario. */
export type ClientCheck = Omit<Check<ClientCheckContext>, 'connection' | 'scope' | 'requires' | 'deadlineMs'> & {
  side: 'client';
  scenario: string;
  /**
   * The revision whose text states the rule, when it is not the one under test: 2026-07-28
   * tells dual-era clients how to meet a legacy server, judged in runs at legacy revisions.
   */
  specRevision?: RevisionId;
};
