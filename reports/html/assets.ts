// The HTML report's inline style and script. No fonts, images or other files: the page is
// one file that makes no request. The script only adds filtering; without it every check
// is listed, and the filter form stays hidden.

export const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1b1f24;--mute:#656d76;--line:#d0d7de;--soft:#f6f8fa;
--pass:#1a7f37;--fail:#cf222e;--warn:#9a6700;--skip:#656d76;--error:#8250df;
--pass-bg:#dafbe1;--fail-bg:#ffebe9;--warn-bg:#fff8c5;--none-bg:#f6f8fa}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--mute:#8d96a0;--line:#30363d;--soft:#161b22;
--pass:#3fb950;--fail:#f85149;--warn:#d29922;--skip:#8d96a0;--error:#a371f7;
--pass-bg:#12261e;--fail-bg:#2d1214;--warn-bg:#272115;--none-bg:#161b22}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:1200px;padding:1rem 1.5rem 4rem;background:var(--bg);color:var(--fg);
font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
h1{font-size:1.5rem;margin:.2rem 0}h2{font-size:1.2rem;margin:2rem 0 .5rem;border-bottom:1px solid var(--line)}
h3{font-size:1rem;margin:1rem 0 .3rem;color:var(--mute)}
code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{margin:.2rem 0;padding:.4rem .6rem;background:var(--soft);border:1px solid var(--line);border-radius:4px;
white-space:pre-wrap;overflow-wrap:anywhere;max-height:30rem;overflow:auto}
a{color:inherit}table{border-collapse:collapse;margin:.4rem 0}
th,td{border:1px solid var(--line);padding:.25rem .6rem;text-align:left;vertical-align:top}
th{background:var(--soft)}.meta td:first-child{color:var(--mute)}
.counts{display:flex;flex-wrap:wrap;gap:.5rem;margin:.6rem 0}
.count{border:1px solid var(--line);border-radius:6px;padding:.3rem .8rem;min-width:6rem}
.count b{display:block;font-size:1.3rem}
.verdict{display:inline-block;padding:.2rem .7rem;border-radius:4px;font-weight:600}
.matrix td{text-align:center;white-space:nowrap}.matrix td:first-child{text-align:left}
.t-good{background:var(--pass-bg)}.t-bad{background:var(--fail-bg)}.t-warn{background:var(--warn-bg)}
.t-neutral,.t-empty{background:var(--none-bg)}
.g{scroll-margin-top:6rem}.r{border-bottom:1px solid var(--line);padding:.3rem 0}
.h{display:flex;flex-wrap:wrap;gap:.2rem .6rem;align-items:baseline}
.b{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;padding:0 .3rem;font-weight:600;
font-size:12px;color:#fff}
.k-pass{background:var(--pass)}.k-fail{background:var(--fail)}.k-warn{background:var(--warn)}
.k-skip{background:var(--skip)}.k-error{background:var(--error)}.k-expected-fail{background:var(--skip)}
.k-stale{background:var(--fail)}
.lv,.dur,.why{color:var(--mute);font-size:12px}.id{font-weight:600}
details{margin:.3rem 0}.r details{margin-left:5rem}summary{cursor:pointer;color:var(--mute)}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem .8rem;margin:.3rem 0}dt{color:var(--mute)}dd{margin:0;min-width:0}
.note{color:var(--mute);font-style:italic}
#filters{position:sticky;top:0;background:var(--bg);border-bottom:1px solid var(--line);padding:.5rem 0;z-index:1;
display:flex;flex-wrap:wrap;gap:.4rem 1.2rem;align-items:center}
#filters fieldset{border:0;margin:0;padding:0;display:flex;gap:.5rem;align-items:center}
#filters legend{float:left;margin-right:.3rem;color:var(--mute)}
#filters input[type=search]{min-width:14rem}
[hidden]{display:none!important}
`;

/** Filters rows by status, level, revision, area and text; hides groups left empty. */
export const SCRIPT = `(function () {
  'use strict';
  var form = document.getElementById('filters');
  var shown = document.getElementById('shown');
  if (!form || !shown) return;
  var rows = Array.prototype.slice.call(document.querySelectorAll('.r'));
  var groups = Array.prototype.slice.call(document.querySelectorAll('.g'));
  var texts = rows.map(function (r) { return r.textContent.toLowerCase(); });
  function ticked(name) {
    return Array.prototype.slice.call(form.querySelectorAll('input[name="' + name + '"]:checked')).map(function (i) { return i.value; });
  }
  function apply() {
    var kinds = ticked('kind'), levels = ticked('level');
    var rev = form.elements.namedItem('rev').value, area = form.elements.namedItem('area').value;
    var q = form.elements.namedItem('q').value.trim().toLowerCase();
    var n = 0;
    rows.forEach(function (r, i) {
      var d = r.dataset;
      var ok = kinds.indexOf(d.kind) >= 0 && levels.indexOf(d.level) >= 0 && (!rev || d.rev === rev) &&
        (!area || d.area === area) && (!q || texts[i].indexOf(q) >= 0);
      r.hidden = !ok;
      if (ok) n++;
    });
    groups.forEach(function (g) { g.hidden = !g.querySelector('.r:not([hidden])'); });
    shown.textContent = n + ' of ' + rows.length + ' results shown';
  }
  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
  form.addEventListener('submit', function (e) { e.preventDefault(); });
  // A matrix link shows its cell even when the filters had hidden it.
  window.addEventListener('hashchange', function () {
    var target = document.getElementById(location.hash.slice(1));
    if (target && target.hidden) { form.reset(); apply(); target.scrollIntoView(); }
  });
  form.hidden = false;
  apply();
})();`;
