// The inline style of both HTML reports. No fonts, images or other files: each page is one
// file that makes no request. System fonts; colours as variables for the dark scheme; wide
// things (tables, charts, frames) scroll inside their own box so the page never does.

export const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1b1f24;--mute:#59636e;--line:#d0d7de;--soft:#f6f8fa;
--pass:#1a7f37;--fail:#cf222e;--warn:#9a6700;--skip:#656d76;--error:#8250df;--link:#0969da;
--pass-bg:#dafbe1;--fail-bg:#ffebe9;--warn-bg:#fff8c5;--error-bg:#fbefff;--none-bg:#f6f8fa;--note-bg:#fff8c5}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--mute:#8d96a0;--line:#30363d;--soft:#161b22;
--pass:#3fb950;--fail:#f85149;--warn:#d29922;--skip:#8d96a0;--error:#a371f7;--link:#4493f8;
--pass-bg:#12261e;--fail-bg:#2d1214;--warn-bg:#272115;--error-bg:#231a30;--none-bg:#161b22;--note-bg:#272115}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:1200px;padding:1rem 1.5rem 4rem;background:var(--bg);color:var(--fg);
font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}
h1{font-size:1.45rem;margin:.2rem 0 .4rem;line-height:1.25}
h2{font-size:1.2rem;margin:1.8rem 0 .6rem;padding-bottom:.2rem;border-bottom:1px solid var(--line)}
h3{font-size:1rem;margin:1.1rem 0 .4rem}h4{font-size:.9rem;margin:.6rem 0 .2rem;color:var(--mute);font-weight:600}
h2 small,h3 small{font-weight:400;color:var(--mute);font-size:.85rem}
code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{margin:.2rem 0;padding:.4rem .6rem;background:var(--soft);border:1px solid var(--line);border-radius:4px;
white-space:pre-wrap;overflow-wrap:anywhere;max-height:30rem;overflow:auto}
a{color:var(--link)}table{border-collapse:collapse;margin:0}
th,td{border:1px solid var(--line);padding:.25rem .6rem;text-align:left;vertical-align:top}
th{background:var(--soft);font-weight:600}
.scroll{max-width:100%;overflow-x:auto;margin:.4rem 0}
.meta{width:100%}.meta td:first-child{color:var(--mute);white-space:nowrap;width:1%}
.targets{width:100%}.targets td:nth-child(n+3),.targets th{white-space:nowrap}
.targets td:first-child{min-width:8rem}.targets td:nth-child(2){min-width:14rem}
.compliance th,.compliance td:not(:nth-child(3)){white-space:nowrap}.compliance td{overflow-wrap:normal}
.top{display:flex;flex-wrap:wrap;gap:.3rem .8rem;align-items:center;margin:.2rem 0 .6rem;color:var(--mute)}
.verdict{display:inline-block;padding:.15rem .7rem;border-radius:4px;font-weight:700;color:var(--fg)}
.counts{display:flex;flex-wrap:wrap;gap:.5rem;margin:.6rem 0}
.count{border:1px solid var(--line);border-radius:6px;padding:.3rem .8rem;min-width:5.5rem}
.count b{display:block;font-size:1.3rem}
.matrix td{text-align:center;white-space:nowrap}.matrix td:first-child{text-align:left}
.matrix tr.target th{text-align:left}.matrix td.area{padding-left:1.4rem}
.t-good{background:var(--pass-bg)}.t-bad{background:var(--fail-bg)}.t-warn{background:var(--warn-bg)}
.t-neutral,.t-empty{background:var(--none-bg)}
.b{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;padding:0 .3rem;font-weight:600;
font-size:12px;color:#fff;white-space:nowrap}
.k-pass{background:var(--pass)}.k-fail{background:var(--fail)}.k-warn{background:var(--warn)}
.k-skip{background:var(--skip)}.k-error{background:var(--error)}.k-expected-fail,.k-expected{background:var(--skip)}
.k-stale{background:var(--fail)}
.lv,.dur,.why,.muted{color:var(--mute);font-size:12px}.id{font-weight:600}
.note{color:var(--mute);font-style:italic}
details{margin:.3rem 0}summary{cursor:pointer;color:var(--mute)}
dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.2rem .8rem;margin:.3rem 0}
dt{color:var(--mute)}dd{margin:0;min-width:0}
#failures{margin-top:.4rem}
.ok{background:var(--pass-bg);border-radius:6px;padding:.6rem .9rem;margin:.4rem 0}
.rule{border:1px solid var(--line);border-left:5px solid var(--fail);border-radius:6px;padding:.6rem .9rem;margin:.6rem 0;min-width:0}
.rule.s-error{border-left-color:var(--error)}.rule.s-warn{border-left-color:var(--warn)}
.rule.s-expected,.rule.s-stale{border-left-color:var(--skip)}
.rule>header{display:flex;flex-wrap:wrap;gap:.2rem .6rem;align-items:baseline}
.rule .title{font-size:1rem}
.where{margin:.3rem 0;color:var(--mute)}.where code{color:var(--fg)}
.req{margin:.5rem 0;padding:.3rem .8rem;border-left:3px solid var(--line);background:var(--soft);font-style:italic}
.req a{font-style:normal;font-size:12px;white-space:nowrap}
.fix{margin:.5rem 0}.fix strong{color:var(--pass)}
.ev{margin:.5rem 0 0}.ev+.ev{border-top:1px dashed var(--line);padding-top:.3rem}
.chart{max-width:100%;overflow-x:auto;margin:.4rem 0}
.msc{display:block;max-width:100%;height:auto;font:11px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.msc text{fill:var(--fg)}.msc text.t{fill:var(--mute);font-size:10px}.msc .hd{font-weight:700}
.msc .life{stroke:var(--mute);stroke-dasharray:4 3}.msc .box{fill:var(--soft);stroke:var(--line)}
.msc .out line{stroke:var(--fg)}.msc .out polygon{fill:var(--fg)}
.msc .in line{stroke:var(--link);stroke-dasharray:6 3}.msc .in polygon{fill:var(--link)}
.msc .err line{stroke:var(--fail);stroke-dasharray:6 3}.msc .err polygon,.msc .err text:not(.t){fill:var(--fail)}
.msc .nt rect{fill:var(--note-bg);stroke:var(--warn)}.msc .conn{stroke:var(--mute);stroke-dasharray:1 3}
.g{scroll-margin-top:6rem}.r{border-bottom:1px solid var(--line);padding:.3rem 0}
.h{display:flex;flex-wrap:wrap;gap:.2rem .6rem;align-items:baseline}
.r details{margin-left:5rem}
.fold{border:1px solid var(--line);border-radius:6px;padding:.2rem .7rem;margin:.5rem 0}
.fold>summary{padding:.2rem 0}
.cols{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:flex-start}.cols>*{flex:1 1 22rem;min-width:0}
.cols>:first-child{flex-basis:28rem}
#filters{position:sticky;top:0;background:var(--bg);border-bottom:1px solid var(--line);padding:.5rem 0;z-index:1;
display:flex;flex-wrap:wrap;gap:.4rem 1.2rem;align-items:center}
#filters fieldset{border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.2rem .5rem;align-items:center}
#filters legend{float:left;margin-right:.3rem;color:var(--mute)}
#filters input[type=search]{width:14rem;max-width:100%}
[hidden]{display:none!important}
@media (max-width:640px){body{padding:.6rem .8rem 3rem}.r details{margin-left:0}
dl{grid-template-columns:minmax(0,1fr)}dt{margin-top:.3rem}.rule{padding:.5rem .6rem}th,td{padding:.2rem .35rem}}
`;
