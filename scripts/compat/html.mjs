// docs/compatibility.html: the table of scripts/compat.mjs as one self-contained page (inline
// style, no script, a Content-Security-Policy that forbids every request). The colours and the
// light/dark variables are those of the HTML report (reports/html/style.ts), cut down to what
// this page uses.

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1b1f24;--mute:#59636e;--line:#d0d7de;--soft:#f6f8fa;
--fail:#cf222e;--warn:#9a6700;--link:#0969da;--pass-bg:#dafbe1;--fail-bg:#ffebe9;--warn-bg:#fff8c5;--none-bg:#f6f8fa}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--mute:#8d96a0;--line:#30363d;--soft:#161b22;
--fail:#f85149;--warn:#d29922;--link:#4493f8;--pass-bg:#12261e;--fail-bg:#2d1214;--warn-bg:#272115;--none-bg:#161b22}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:1200px;padding:1rem 1.5rem 4rem;background:var(--bg);color:var(--fg);
font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}
h1{font-size:1.45rem;margin:.2rem 0 .4rem;line-height:1.25}
h2{font-size:1.2rem;margin:1.8rem 0 .6rem;padding-bottom:.2rem;border-bottom:1px solid var(--line)}
h3{font-size:1rem;margin:1.1rem 0 .4rem;scroll-margin-top:1rem}
code{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
a{color:var(--link)}table{border-collapse:collapse;margin:0}
th,td{border:1px solid var(--line);padding:.25rem .6rem;text-align:left;vertical-align:top}
th{background:var(--soft);font-weight:600}
.scroll{max-width:100%;overflow-x:auto;margin:.4rem 0}
.compat td{white-space:nowrap}.compat td:nth-child(2){white-space:normal;min-width:15rem}.compat td.c{text-align:center}
.t-good{background:var(--pass-bg)}.t-bad{background:var(--fail-bg)}.t-warn{background:var(--warn-bg)}.t-none{background:var(--none-bg);color:var(--mute)}
.muted{color:var(--mute)}.fail{color:var(--fail);font-weight:600}.warn{color:var(--warn);font-weight:600}
.rule{border:1px solid var(--line);border-left:5px solid var(--fail);border-radius:6px;padding:.4rem .9rem;margin:.6rem 0}
.rule.s-warn{border-left-color:var(--warn)}.rule li{margin:.3rem 0}
ul{padding-left:1.3rem}
@media (max-width:640px){body{padding:.6rem .8rem 3rem}th,td{padding:.2rem .35rem}}
`;

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Escaped text with `code` spans (the markdown of the shared sentences). */
const prose = (s) => esc(s).replace(/`([^`]+)`/g, '<code>$1</code>');
const tone = (c) => (c.kind === 'findings' ? (c.fail ? 't-bad' : 't-warn') : c.kind === 'clean' ? 't-good' : 't-none');
const what = (t) => `<code>${esc(t.package)}</code>${t.version ? ` ${esc(t.version)}` : ''}`;

export function renderHtml({ rows, rules }, { revisions, intro, legend, cellText, rangesOf, notesOf }) {
  const ruleOf = new Map(rules.map((r) => [r.id, r]));
  const table = (list) => {
    const head = `<tr><th>Target</th><th>Package</th><th>Transport</th>${revisions.map((r) => `<th>${esc(r)}</th>`).join('')}</tr>`;
    const body = list.map((t) => {
      const cells = t.cells.map((c) => {
        const label = esc(cellText(c));
        const title = c.note ? ` title="${esc(c.note)}"` : '';
        return `<td class="c ${tone(c)}"${title}>${c.kind === 'findings' ? `<a href="#t-${t.anchor}">${label}</a>` : label}</td>`;
      });
      return `<tr><td><a href="#t-${t.anchor}">${esc(t.name)}</a></td><td>${what(t)}</td><td>${esc(t.transport)}</td>${cells.join('')}</tr>`;
    });
    return `<div class="scroll"><table class="compat">${head}${body.join('')}</table></div>`;
  };
  const out = [
    '<h1>Compatibility: which implementations follow which rules</h1>',
    `<p>${prose(intro.join(' '))}</p>`,
    `<ul>${legend.map(([k, v]) => `<li><b>${esc(k)}</b>: ${esc(v)}.</li>`).join('')}</ul>`,
    '<h2 id="servers">Servers</h2>',
    table(rows.filter((t) => t.kind === 'server')),
    '<h2 id="clients">Clients</h2>',
    table(rows.filter((t) => t.kind === 'client')),
    '<h2 id="findings">Findings by target</h2>',
  ];
  for (const t of rows) {
    out.push(`<h3 id="t-${t.anchor}">${esc(t.name)}</h3>`, `<p>${esc(cap(t.label))} (${what(t)}). <span class="muted">Pinned in ${esc(t.source)}.</span></p>`);
    const notes = notesOf(t, revisions);
    if (notes.length) out.push(`<p class="muted">${prose(notes.join(' '))}</p>`);
    if (t.findings.length === 0) out.push('<p>No findings.</p>');
    else out.push(`<ul>${t.findings.map((f) => `<li><a href="#r-${ruleOf.get(f.id).anchor}"><code>${esc(f.id)}</code></a>: <span class="${f.status}">${f.status}</span> at ${esc(rangesOf(f.revisions))}</li>`).join('')}</ul>`);
  }
  out.push('<h2 id="rules">Rules broken</h2>', '<p>Each rule some implementation breaks, who breaks it, where, and why (the reviewed text).</p>');
  for (const r of rules) {
    const worst = r.entries.some((e) => e.status === 'fail') ? 'fail' : 'warn';
    const items = r.entries.map(
      (e) => `<li><a href="#t-${e.target.anchor}">${esc(e.target.name)}</a> <span class="muted">(${what(e.target)}, ${esc(e.target.transport)})</span>: <span class="${e.status}">${e.status}</span> at ${esc(rangesOf(e.revisions))}. ${esc(e.why)}</li>`,
    );
    out.push(`<section class="rule s-${worst}"><h3 id="r-${r.anchor}"><code>${esc(r.id)}</code></h3><ul>${items.join('')}</ul></section>`);
  }
  const csp = "default-src 'none'; style-src 'unsafe-inline'; script-src 'none'; img-src data:; base-uri 'none'; form-action 'none'";
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    '<link rel="icon" href="data:,">',
    '<title>mcp-conformance: compatibility of MCP implementations</title>',
    `<style>${STYLE}</style></head><body>`,
    '<!-- Generated by `npm run compat` from test/expected/ and scripts/compat/clients.mjs; do not edit. -->',
    ...out,
    '</body></html>',
    '',
  ].join('\n');
}
