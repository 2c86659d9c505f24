// What every behaviour mode is: a command-line flag (with its value, if it takes one) that
// turns on one way of behaving like a real server. Each mode keeps its own setting in its
// own file and acts in exactly one place (the table in index.ts says where).

export interface Mode {
  readonly flag: `--${string}`;
  /** The value the flag takes (shown in --help); absent: a switch. */
  readonly arg?: 'MS' | 'NAME' | 'LIST' | 'N';
  /** Only meaningful with --http (main.ts refuses it on stdio). */
  readonly httpOnly?: boolean;
  /** One line for --help. */
  readonly summary: string;
  /** Turns the mode on; `value` is the flag's value ('' for a switch). Throws a ModeError on a bad value. */
  enable(value: string): void;
}

export { ModeError, milliseconds } from '../../mode-flags.js';
