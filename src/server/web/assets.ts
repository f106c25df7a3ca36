/**
 * The web page's two assets, shipped inside the package (no CDN, works offline): one stylesheet and
 * one small script (copy buttons, select-all, confirmations, submit-on-change; every page works
 * without it). Served under a content hash, cached for a year; a new build gets a new URL.
 */
import { createHash } from 'node:crypto';

const STYLES = `
:root { --fg:#1f2328; --muted:#59636e; --line:#d1d9e0; --bg:#fff; --soft:#f6f8fa; --accent:#0969da; --bad:#cf222e; --bad-bg:#ffebe9;
  --good:#1a7f37; --good-bg:#dafbe1; --warn:#9a6700; --warn-bg:#fff8c5; --run:#0550ae; --run-bg:#ddf4ff; }
* { box-sizing: border-box; }
html { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
body { margin: 0; }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, summary:focus-visible { outline: 3px solid #54aeff; outline-offset: 1px; }
.skip { position: absolute; left: -999px; } .skip:focus { left: 8px; top: 8px; background: #fff; padding: 4px 8px; z-index: 2; }
header.top { display: flex; flex-wrap: wrap; gap: 8px 20px; align-items: center; padding: 10px 20px; background: #24292f; color: #fff; }
header.top a { color: #fff; text-decoration: none; } header.top .muted { color: #b6bfc8; } header.top .brand { font-weight: 700; }
header.top nav { display: flex; flex-wrap: wrap; gap: 4px 14px; }
header.top nav a[aria-current="page"] { text-decoration: underline; text-underline-offset: 6px; }
header.top .who { margin-left: auto; display: flex; flex-wrap: wrap; gap: 8px; align-items: center; font-size: 13px; }
header.top .who form { margin: 0; display: flex; gap: 4px; align-items: center; }
header.top select, header.top button { font-size: 13px; }
main { padding: 16px 20px 40px; max-width: 1200px; margin: 0 auto; }
h1 { font-size: 22px; margin: 8px 0 12px; } h2 { font-size: 17px; margin: 24px 0 8px; }
.muted { color: var(--muted); } .small { font-size: 13px; }
.scroll { overflow-x: auto; border: 1px solid var(--line); border-radius: 6px; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--soft); font-weight: 600; white-space: nowrap; }
tr:last-child td { border-bottom: 0; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.badge { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 12px; font-weight: 600; border: 1px solid transparent; white-space: nowrap; }
.b-success, .b-match { background: var(--good-bg); color: var(--good); } .b-failure, .b-mismatch, .b-unreachable, .b-failed { background: var(--bad-bg); color: var(--bad); }
.b-started, .b-pending, .b-running { background: var(--run-bg); color: var(--run); } .b-revoked, .b-partial, .b-disabled, .b-expired { background: var(--warn-bg); color: var(--warn); }
.b-plain, .b-connected, .b-complete, .b-enabled { background: var(--soft); color: var(--fg); border-color: var(--line); }
.b-sensitive { background: #fbefff; color: #8250df; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(130px, 1fr)); gap: 10px; margin: 12px 0; }
.card { border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; } .card .v { font-size: 20px; font-weight: 600; font-variant-numeric: tabular-nums; }
.card .k { color: var(--muted); font-size: 13px; }
form.inline { display: inline; } .row { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; margin: 8px 0 12px; }
label { display: block; font-size: 13px; font-weight: 600; } label.check { display: inline-flex; gap: 6px; font-weight: 400; align-items: center; }
input[type=text], input[type=password], input[type=date], select { font: inherit; padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px; min-width: 0; }
button, .button { font: inherit; font-size: 14px; padding: 5px 12px; border-radius: 6px; border: 1px solid var(--line); background: var(--soft); color: var(--fg); cursor: pointer; text-decoration: none; display: inline-block; }
button.primary, .button.primary { background: #1f883d; color: #fff; border-color: #1a7f37; } ul.scopes { list-style: none; padding: 0; margin: 4px 0; } ul.scopes li { margin: 2px 0; } button.danger { color: var(--bad); }
.notice { padding: 8px 12px; border-radius: 6px; margin: 8px 0 12px; background: var(--run-bg); border: 1px solid #54aeff; }
.notice.bad { background: var(--bad-bg); border-color: #ff8182; } .notice.good { background: var(--good-bg); border-color: #4ac26b; }
.empty { padding: 24px; text-align: center; color: var(--muted); border: 1px dashed var(--line); border-radius: 6px; }
pre, code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
pre { background: var(--soft); padding: 10px; border-radius: 6px; overflow-x: auto; white-space: pre-wrap; word-break: break-word; }
.cell { overflow-wrap: anywhere; } .cell.short { white-space: nowrap; } table.diff td { max-width: 36em; } .null { color: var(--muted); font-style: italic; }
td.changed { background: var(--warn-bg); } td.changed mark { background: #ffd33d; color: #1f2328; border-radius: 2px; padding: 0 1px; } .arrow { color: var(--muted); padding: 0 4px; }
.pager { display: flex; gap: 12px; align-items: center; margin: 10px 0; }
.signin { max-width: 420px; margin: 60px auto; } .signin input { width: 100%; }
.secret { display: flex; gap: 8px; align-items: center; } .secret code { padding: 6px 8px; background: var(--soft); border-radius: 6px; overflow-wrap: anywhere; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 8px 0; } dl.facts dt { color: var(--muted); } dl.facts dd { margin: 0; }
.endpoint { border: 1px solid var(--line); border-radius: 6px; margin: 10px 0; } .endpoint summary { padding: 8px 12px; cursor: pointer; }
.endpoint > div { padding: 0 12px 10px; } .method { font-weight: 700; display: inline-block; min-width: 4.5em; }
form.form { max-width: 980px; } .field { margin: 10px 0; } .field input[type=text], .field input[type=password], .field select, .field textarea { width: 100%; max-width: 640px; }
textarea { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px; }
.help { margin: 2px 0 0; color: var(--muted); font-size: 13px; } .field-error { margin: 2px 0 0; color: var(--bad); font-size: 13px; font-weight: 600; }
.field.invalid input, .field.invalid select, .field.invalid textarea { border-color: var(--bad); }
fieldset { border: 1px solid var(--line); border-radius: 6px; margin: 12px 0; padding: 4px 14px 8px; } legend { font-weight: 600; padding: 0 4px; }
.sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 0 16px; }
caption { text-align: left; padding: 6px 10px; }
td.why { min-width: 16em; } ul.kinds { list-style: none; margin: 0; padding: 0; } ul.kinds li { margin: 0 0 2px; }
td.why summary { cursor: pointer; color: var(--accent); } td.why details[open] summary { font-weight: 600; }
td.why .accepted { color: var(--muted); } td.why ul.kinds + .accepted { margin-top: 4px; padding-top: 4px; border-top: 1px dashed var(--line); } td.why .accepted summary { color: var(--muted); }
td.why .accepted { display: flex; gap: 6px; align-items: baseline; } td.why .tag { font-style: italic; white-space: nowrap; } td.why .from { margin: 4px 0 0; }
dl.example { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; margin: 4px 0 8px 14px; padding: 6px 8px; background: var(--soft); border-radius: 6px; font-size: 13px; }
dl.example dt { color: var(--muted); } dl.example dd { margin: 0; } dl.example dd.changed { background: var(--warn-bg); }
.accept-kinds { display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); gap: 6px 16px; margin: 6px 0; } .accept-kind .help { display: block; margin-left: 22px; }
fieldset.invalid { border-color: var(--bad); }
dl.example dd.changed mark { background: #ffd33d; color: #1f2328; border-radius: 2px; padding: 0 1px; }
@media (max-width: 640px) { main { padding: 12px; } header.top .who { margin-left: 0; } th, td { padding: 5px 6px; } }
/* A phone: the columns that differ as one block per column (a wide table hid its Why column past the edge). */
@media (max-width: 640px) {
  table.columns thead { display: none; }
  table.columns caption { display: block; text-align: left; }
  table.columns, table.columns tbody, table.columns tr, table.columns td { display: block; }
  table.columns tr { border-bottom: 1px solid var(--line); padding: 6px 0; }
  table.columns td { border: 0; text-align: left; min-width: 0; }
  table.columns td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); }
}
`;

const SCRIPT = `
document.addEventListener('click', function (event) {
  var button = event.target.closest('[data-copy]');
  if (!button) return;
  var source = document.getElementById(button.getAttribute('data-copy'));
  if (!source || !navigator.clipboard) return;
  navigator.clipboard.writeText(source.textContent).then(function () {
    var label = button.textContent; button.textContent = 'Copied'; setTimeout(function () { button.textContent = label; }, 1500);
  });
});
document.addEventListener('submit', function (event) {
  var message = event.target.getAttribute('data-confirm');
  if (message && !window.confirm(message)) event.preventDefault();
});
document.addEventListener('change', function (event) {
  var target = event.target;
  if (target.matches('[data-select-all]')) {
    document.querySelectorAll('input[name="' + target.getAttribute('data-select-all') + '"]').forEach(function (box) { box.checked = target.checked; });
  }
  if (target.matches('[data-submit-on-change]')) target.form.submit();
});
`;

function asset(text: string, type: string) {
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
  return { text, type, hash };
}

export const ASSETS = {
  css: asset(STYLES.trim(), 'text/css; charset=utf-8'),
  js: asset(SCRIPT.trim(), 'text/javascript; charset=utf-8'),
};

export const assetUrl = (kind: keyof typeof ASSETS): string => `/ui/assets/app.${ASSETS[kind].hash}.${kind}`;
