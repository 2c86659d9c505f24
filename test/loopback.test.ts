// Which hosts are this machine's loopback: the Origin checks fail a foreign Origin served there,
// and the authorization checks let http: endpoints there pass as local testing.
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isLoopbackUrl } from '../harness/rules/loopback.js';

describe('loopback hosts', () => {
  it('names 127.0.0.0/8, localhost (and its subdomains) and ::1', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', 'app.localhost', '[::1]', '::1']) expect(isLoopbackHost(host), host).toBe(true);
  });

  it('names nothing else: other addresses, look-alike names, hosts that only start like loopback', () => {
    for (const host of ['10.0.0.1', '0.0.0.0', 'example.com', 'localhost.example.com', '127.0.0.1.nip.io', '[::2]']) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('reads the host of a URL, and a string that is no URL is not loopback', () => {
    expect(isLoopbackUrl('http://127.0.0.1:3000/mcp')).toBe(true);
    expect(isLoopbackUrl('https://[::1]/mcp')).toBe(true);
    expect(isLoopbackUrl('https://mcp.example.com/mcp')).toBe(false);
    expect(isLoopbackUrl('not a url')).toBe(false);
  });
});
