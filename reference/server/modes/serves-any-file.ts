// --serves-any-file: a filesystem server rooted at "/", as a user may configure one: it lists
// its docs directory, but any file:// read of a file it has is served, however the path is
// spelled (../ resolved first). Conformant: which files a server serves is its own policy; the
// ../ goes around no rule of it (resources.read-invalid-uri-refused must not fail it).
// Acts in readResource (handlers/resources.ts).
import type { Mode } from './mode.js';

let on = false;

export const SERVES_ANY_FILE: Mode = {
  flag: '--serves-any-file',
  summary: 'serve any file:// path of the fake filesystem (/etc/passwd too), dot segments resolved',
  enable: () => {
    on = true;
  },
};

export const servesAnyFile = (): boolean => on;
