// The config file's shape after loading: run options and targets, as config.schema.json
// describes them, with relative paths resolved against the file's folder and ${NAME}
// references replaced from the environment.

/** A list given either as an array or as one comma-separated string. */
export type ListValue = string | string[];

/** Options that apply to the whole run; every one of them has a command-line flag. */
export interface ConfigOptions {
  spec?: ListValue;
  suite?: ListValue;
  check?: ListValue;
  timeout?: number;
  startupTimeout?: number;
  maxRate?: number;
  concurrency?: number;
  callTools?: ListValue;
  failOn?: 'must' | 'should' | 'none';
  report?: ListValue;
  /** Absolute. */
  out?: string;
  seed?: number;
  fuzzRuns?: number;
  fuzz?: boolean;
}

/** One target of the config file. Exactly one of server, url (alone) or start is set. */
export interface TargetConfig {
  name: string;
  /** A stdio server: the command that starts it. */
  server?: string;
  /** An HTTP server at this URL; with `start`, the URL to test once it is ready. */
  url?: string;
  /** A command that launches an HTTP server, its ready line, and how long it may take. */
  start?: string;
  ready?: string;
  startTimeout?: number;
  /** A client to test (`mcp-conformance client`): its command with {url} or {server}. */
  client?: string;
  env?: Record<string, string>;
  /** Absolute; for server and start, defaults to the config file's folder. */
  cwd?: string;
  spec?: ListValue;
  suite?: ListValue;
  check?: ListValue;
  timeout?: number;
  startupTimeout?: number;
  maxRate?: number;
  callTools?: ListValue;
  /** Absolute. */
  baseline?: string;
  headers?: Record<string, string>;
  authToken?: string;
  /** A token issued for another resource, which the server must refuse. */
  foreignToken?: string;
  transport?: 'streamable-http' | 'sse';
  /** Tokens by OAuth, as --oauth; `cache` absolute. */
  oauth?: OAuthConfig;
}

export interface OAuthConfig {
  grant?: 'authorization_code' | 'client_credentials';
  clientId?: string;
  clientSecret?: string;
  clientMetadataUrl?: string;
  open?: string;
  cache?: string;
  loginTimeout?: number;
}

export interface LoadedConfig {
  /** Absolute path of the file. */
  file: string;
  /** The file as messages name it (relative to the working directory when inside it). */
  display: string;
  /** The file's folder: relative paths and commands start here. */
  dir: string;
  options: ConfigOptions;
  targets: TargetConfig[];
}

/** A mistake in the config file, as one sentence naming the file, the target and the field. */
export class ConfigError extends Error {}
