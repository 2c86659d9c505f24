// Where the Streamable HTTP rules are written, and the values they name: the revisions of each
// shape of the transport, places on its two spec pages (the legacy transports page, the
// 2026-07-28 Streamable HTTP page), and the origin the checks use.
import type { SpecRef } from '../../../../../harness/checks/check.js';
import { MODERN_REVISIONS, RANGE, since } from '../../../../../harness/revisions.js';

/** Streamable HTTP exists from 2025-03-26 on, in its legacy shape and in the 2026-07-28 one. */
export const STREAMABLE = since('2025-03-26');
export const SESSIONFUL = RANGE.sessionfulHttp;
export const MODERN = RANGE.modern;
const FIRST_MODERN = MODERN_REVISIONS[0] as string;

export { FOREIGN_ORIGIN } from '../foreign-origin.js';

/** A place on the legacy transports page (2025-03-26..2025-11-25). */
export const legacyAt = (anchor: string, level: SpecRef['level']): SpecRef => ({ url: `basic/transports#${anchor}`, level });
/** A place on the 2026-07-28 Streamable HTTP page. */
export const modernAt = (anchor: string, level: SpecRef['level']): SpecRef => ({ from: FIRST_MODERN, url: `basic/transports/streamable-http#${anchor}`, level });
/** The 2026-07-28 page only (for checks of that revision alone). */
export const onlyModernAt = (anchor: string, level: SpecRef['level']): SpecRef => ({ url: `basic/transports/streamable-http#${anchor}`, level });
