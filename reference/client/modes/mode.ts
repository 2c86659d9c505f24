// What every behaviour mode of the reference client is: a command-line flag with its value
// that turns on one way real clients are slow or busy while staying conformant. Each mode keeps
// its setting in its own file and acts in exactly one place (the table in index.ts says where).

export interface Mode {
  readonly flag: `--${string}`;
  /** The value the flag takes (shown in the usage). */
  readonly arg: 'MS';
  /** One line for the usage. */
  readonly summary: string;
  /** Turns the mode on; throws a ModeError on a bad value. */
  enable(value: string): void;
}

export { ModeError, milliseconds } from '../../mode-flags.js';
