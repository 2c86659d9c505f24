// The HTML report's only script: filters over the list of all checks. Without it every
// check is listed (the passing ones folded per area) and the filter form stays hidden.

/** Filters rows by status, level, revision, area and text; hides groups and folds left empty. */
export const SCRIPT = `(function () {
  'use strict';
  var form = document.getElementById('filters');
  var shown = document.getElementById('shown');
  if (!form || !shown) return;
  var rows = Array.prototype.slice.call(document.querySelectorAll('.r'));
  var groups = Array.prototype.slice.call(document.querySelectorAll('.g, .fold'));
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
    // A search that finds passing checks opens their fold.
    if (q) groups.forEach(function (g) { if (g.classList.contains('fold') && !g.hidden) g.open = true; });
    shown.textContent = n + ' of ' + rows.length + ' results shown';
  }
  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
  form.addEventListener('submit', function (e) { e.preventDefault(); });
  // A link into the list shows its target even when the filters had hidden it or it is folded.
  function reveal() {
    var target;
    try { target = document.getElementById(decodeURIComponent(location.hash.slice(1))); } catch (e) { return; }
    if (!target) return;
    if (target.closest('[hidden]')) { form.reset(); apply(); }
    var fold = target.closest('.fold');
    if (fold && !fold.open) { fold.open = true; }
    target.scrollIntoView();
  }
  window.addEventListener('hashchange', reveal);
  form.hidden = false;
  apply();
  if (location.hash) reveal();
})();`;
