// server-memory over stdio behind a tap, with exactly its reviewed findings (test/expected/server-memory/): see ../stdio-tapped.ts.
import { testTappedServer } from '../stdio-tapped.js';

testTappedServer('server-memory');
