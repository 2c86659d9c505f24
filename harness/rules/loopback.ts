// Hosts that name this machine's loopback interface. Two rules turn on it: a server on loopback
// that serves a foreign Origin is the DNS-rebinding hole the Origin rule is about, and http: on
// loopback is local testing, not an endpoint served without TLS. `*.localhost` is loopback too
// (RFC 6761 §6.3).
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '[::1]' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** Is this URL's host on loopback? (false for what is no URL) */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}
