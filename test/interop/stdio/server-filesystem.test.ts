// server-filesystem over stdio behind a tap, with exactly its reviewed findings (test/expected/server-filesystem/): see ../stdio-tapped.ts.
import { testTappedServer } from '../stdio-tapped.js';

testTappedServer('server-filesystem');
