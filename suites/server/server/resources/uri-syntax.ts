// RFC 3986 URI syntax (section 3 and appendix A), for resource URIs: an absolute URI
// (`scheme ":" hier-part [ "?" query ] [ "#" fragment ]`), built from the ABNF rather than a
// JSON Schema `format: uri` validator, which lets some invalid authorities through (a
// non-numeric port, for one).
const UNRESERVED = "A-Za-z0-9\\-._~";
const SUB_DELIMS = "!$&'()*+,;=";
const PCT = '%[0-9A-Fa-f]{2}';
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`;
const SCHEME = '[A-Za-z][A-Za-z0-9+\\-.]*';
const USERINFO = `(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*`;
const DEC_OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const IPV4 = `${DEC_OCTET}(?:\\.${DEC_OCTET}){3}`;
/** IP-literal: an IPv6 address (hex groups, "::", a trailing IPv4) or IPvFuture, in brackets. */
const IP_LITERAL = `\\[(?:[0-9A-Fa-f:.]+|[vV][0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+)\\]`;
const REG_NAME = `(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*`;
const HOST = `(?:${IP_LITERAL}|${IPV4}|${REG_NAME})`;
const AUTHORITY = `(?:${USERINFO}@)?${HOST}(?::[0-9]*)?`;
const PATH_ABEMPTY = `(?:/${PCHAR}*)*`;
const PATH_ABSOLUTE = `/(?:${PCHAR}+(?:/${PCHAR}*)*)?`;
const PATH_ROOTLESS = `${PCHAR}+(?:/${PCHAR}*)*`;
const HIER_PART = `(?://${AUTHORITY}${PATH_ABEMPTY}|${PATH_ABSOLUTE}|${PATH_ROOTLESS}|)`;
const QUERY = `(?:${PCHAR}|[/?])*`;
const URI = new RegExp(`^${SCHEME}:${HIER_PART}(?:\\?${QUERY})?(?:#${QUERY})?$`);

/** Is `value` a URI by RFC 3986 (absolute: with a scheme)? */
export function isRfc3986Uri(value: string): boolean {
  return value.length <= 65_536 && URI.test(value);
}
