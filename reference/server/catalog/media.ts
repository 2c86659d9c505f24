// Small binary payloads shared by the catalog: valid base64 with real MIME types.

/** A 1x1 transparent PNG. */
export const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#2a7"/></svg>';

/** Icons (2025-11-25): one scalable SVG as a data: URI. */
export const ICONS: readonly Record<string, unknown>[] = [
  { src: `data:image/svg+xml;base64,${Buffer.from(SVG, 'utf8').toString('base64')}`, mimeType: 'image/svg+xml', sizes: ['any'] },
];

/** 16 bytes 0x00..0x0f, base64. */
export const BLOB_BYTES = Buffer.from(Array.from({ length: 16 }, (_, i) => i)).toString('base64');
