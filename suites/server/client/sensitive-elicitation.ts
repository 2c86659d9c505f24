// client/elicitation#user-interaction-model (2025-06-18..): a server never asks for secrets
// through (form) elicitation, and (2025-11-25..) never puts credentials in the URL of a URL-mode
// elicitation (#safe-url-handling). What is "sensitive" is the server's knowledge, not the wire's:
// only unmistakable cases are judged. A form field named exactly like a credential (or of format
// "password"), a URL with a password in its userinfo or a query parameter named exactly like one.
// A name that only contains such a word ("password_hint", "token_count") is never judged.
import { defineChecks } from '../../../harness/checks/define.js';
import { since } from '../../../harness/revisions.js';
import { isObject } from '../../../harness/rules/json.js';
import { expectNoneOrDoubt } from '../../../harness/verify/features.js';
import { askedOfFullClient } from './server-asks.js';

/** Form field names (lower case, separators dropped) that can only mean a secret or a credential. */
const CREDENTIAL_FIELDS = new Set([
  'password', 'passwd', 'passphrase', 'currentpassword', 'newpassword', 'userpassword',
  'apikey', 'apisecret', 'apitoken', 'secretkey', 'secretaccesskey', 'clientsecret', 'privatekey',
  'accesstoken', 'refreshtoken', 'authtoken', 'bearertoken', 'idtoken', 'sessiontoken',
  'creditcardnumber', 'cardnumber', 'ccnumber', 'cvv', 'cvc', 'cvv2', 'cardcvv', 'cardcvc',
]);

/**
 * Personal data the older texts would call sensitive, but 2026-07-28 narrows "sensitive
 * information" to "secrets and credentials that grant access or authorize transactions": a warn.
 */
const PERSONAL_FIELDS = new Set(['ssn', 'socialsecuritynumber']);

/** Query (or fragment) parameters that carry a credential when they have a value. */
const CREDENTIAL_PARAMS = new Set(['access_token', 'api_key', 'apikey', 'password']);
/** `token=` may as well be an opaque one-time reference to the elicitation: a warn. */
const MAYBE_CREDENTIAL_PARAMS = new Set(['token']);

const normalized = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

interface Finding {
  why: string;
  /** Not unmistakable: a warn, with this reason. */
  doubt?: string;
}

/** What a form-mode requestedSchema asks that is a secret, field by field. */
export function sensitiveFields(requestedSchema: unknown): Finding[] {
  const properties = isObject(requestedSchema) && isObject(requestedSchema.properties) ? requestedSchema.properties : {};
  return Object.entries(properties).flatMap(([name, prop]): Finding[] => {
    const key = normalized(name);
    if (CREDENTIAL_FIELDS.has(key)) return [{ why: `field ${JSON.stringify(name)} asks for a credential` }];
    if (isObject(prop) && prop.format === 'password') return [{ why: `field ${JSON.stringify(name)} has "format": "password"` }];
    if (PERSONAL_FIELDS.has(key)) {
      return [{ why: `field ${JSON.stringify(name)} asks for a social security number`, doubt: 'personal data rather than a credential: whether it is "sensitive information" in the sense of the rule, the text does not settle' }];
    }
    return [];
  });
}

/** What a URL-mode url carries that is a credential: a password in its userinfo, or a credential parameter. */
export function credentialsInUrl(url: unknown): Finding[] {
  if (typeof url !== 'string') return [];
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return []; // an invalid URL is the schema's and the URL rule's business, not this one's
  }
  const out: Finding[] = [];
  if (u.password !== '') out.push({ why: 'its userinfo holds a password (user:password@host)' });
  const params = [...u.searchParams, ...new URLSearchParams(u.hash.slice(1))];
  for (const [name, value] of params) {
    if (value === '') continue;
    const lower = name.toLowerCase();
    if (CREDENTIAL_PARAMS.has(lower)) out.push({ why: `its parameter ${JSON.stringify(name)} carries a value` });
    else if (MAYBE_CREDENTIAL_PARAMS.has(lower)) {
      out.push({ why: `its parameter ${JSON.stringify(name)} carries a value`, doubt: 'a "token" parameter may be an opaque reference to the elicitation rather than a credential or a pre-authenticated link' });
    }
  }
  return out;
}

export const sensitiveElicitationChecks = defineChecks({ page: 'client/elicitation', revisions: since('2025-06-18'), needs: ['own-session'] }, [
  // 2025-06-18: "Servers MUST NOT use elicitation to request sensitive information."
  // 2025-11-25: "Servers MUST NOT use form mode elicitation to request sensitive information";
  // #safe-url-handling: "MUST NOT include sensitive information about the end-user, including
  // credentials, ... in the URL sent to the client in a URL elicitation request."
  // 2026-07-28: "... such as passwords, API keys, access tokens, or payment credentials".
  {
    id: 'elicitation.no-sensitive-information',
    title: 'No password, API key, token or card number asked in a form elicitation, no credentials in a URL-mode URL',
    spec: { url: '#user-interaction-model', level: 'MUST' },
    requirement:
      'Servers MUST NOT use form mode elicitation to request sensitive information such as passwords, API keys, access tokens, or payment credentials (2025-06-18: "Servers MUST NOT use elicitation to request sensitive information"). MCP servers requesting elicitation MUST NOT include sensitive information about the end-user, including credentials, personally identifiable information, etc., in the URL sent to the client in a URL elicitation request (2025-11-25+).',
    digest: ['ELIC-011'],
    faults: ['elicitation-asks-password'],
    long: true,
    async run(ctx) {
      const { asks, tried } = await askedOfFullClient(ctx);
      const elicitations = asks.filter((a) => a.method === 'elicitation/create');
      if (elicitations.length === 0) return ctx.skip('nothing-observed', `no elicitation/create came ${tried}`);
      const urlMode = ctx.in(since('2025-11-25'));
      const found = elicitations.flatMap((a) => {
        const mode = a.params.mode ?? 'form';
        const findings = mode === 'form' ? sensitiveFields(a.params.requestedSchema) : mode === 'url' && urlMode ? credentialsInUrl(a.params.url).map((f) => ({ ...f, why: `the URL ${a.params.url as string}: ${f.why}` })) : [];
        return findings.map((f) => ({ a, mode, ...f }));
      });
      const told = (f: (typeof found)[number]) => `${f.a.where} (${String(f.mode)} mode, message ${ctx.brief(f.a.params.message, 80)}): ${f.why}`;
      return expectNoneOrDoubt(
        ctx,
        found.map((f, i) => ({ text: told(f), ...(i < 5 && f.a.seq !== undefined ? { seq: f.a.seq } : {}), ...(f.doubt ? { doubt: f.doubt } : {}) })),
        {
          expected: 'no form field named like a password, API key, token or card number; no credential in a URL-mode URL',
          judged: elicitations.length,
          note: `${elicitations.length} elicitation(s), none asking for a credential by name nor carrying one in a URL`,
          show: 1,
        },
      );
    },
  },
]);
