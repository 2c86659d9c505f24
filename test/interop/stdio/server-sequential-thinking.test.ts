// server-sequential-thinking over stdio behind a tap, with exactly its reviewed findings (test/expected/server-sequential-thinking/): see ../stdio-tapped.ts.
import { testTappedServer } from '../stdio-tapped.js';

testTappedServer('server-sequential-thinking');
