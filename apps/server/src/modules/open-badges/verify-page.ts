import { type TVerificationReport, VERIFY_MAX_BYTES } from '@laurel/contract/open-badges';

import type { OutcomeSummary } from '../insights/outcome-summary.ts';

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const CHECK_TITLES: Record<string, string> = {
  format: 'Format',
  issuer: 'Issuer key',
  signature: 'Signature',
  status: 'Revocation status',
  dates: 'Dates',
};

export interface VerifyPageData {
  url: string;
  holderName: string;
  achievementName: string;
  issuerName: string;
  issuerUrl: string;
  /** YYYY-MM-DD */
  awardDate: string;
  verificationId: string;
  report: TVerificationReport;
  nonce: string;
  /** When Laurel's record says the issuer revoked it: the day (YYYY-MM-DD) and by whom. */
  revoked: { on: string; by: string } | null;
  /** The program's published outcome summary, when its organization opted in; else null. */
  outcomes: OutcomeSummary | null;
}

/** LinkedIn's add-to-profile link for a certification. */
export function linkedInUrl(data: VerifyPageData): string {
  const [year, month] = data.awardDate.split('-');
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: data.achievementName,
    organizationName: data.issuerName,
    issueYear: String(Number(year)),
    issueMonth: String(Number(month)),
    certUrl: data.url,
    certId: data.verificationId,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}

const formatDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const STYLE = `
:root{color-scheme:light dark;--bg:#f4f6f9;--card:#fff;--text:#1b2430;--muted:#5b6675;--line:#dde3ea;--ok:#1b7f3b;--bad:#b3261e;--brand:#0E4D8F;--btn:#376fd0}
@media (prefers-color-scheme:dark){:root{--bg:#11161d;--card:#1b222c;--text:#e8edf3;--muted:#a5b0bd;--line:#2c3643;--ok:#5fd08a;--bad:#ff8a80;--btn:#6d9cf0}}
*{box-sizing:border-box}body{margin:0;overflow-wrap:break-word;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--text)}
header{background:var(--brand);color:#fff;padding:12px 20px;font-weight:600;letter-spacing:.02em}
main{max-width:720px;margin:0 auto;padding:20px 16px 40px}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:20px;margin-bottom:16px}
.verdict{display:flex;gap:12px;align-items:center;font-weight:600;font-size:1.1rem}
.verdict .mark{width:36px;height:36px;border-radius:50%;display:grid;place-items:center;color:#fff;font-size:1.2rem;flex:none}
.ok .mark{background:var(--ok)}.bad .mark{background:var(--bad)}.ok{color:var(--ok)}.bad{color:var(--bad)}
h1{font-size:1.6rem;margin:.2rem 0}.achievement{font-size:1.15rem;margin:0 0 12px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}dt{color:var(--muted)}dd{margin:0}
ul.checks{list-style:none;padding:0;margin:0}ul.checks li{display:flex;gap:10px;padding:10px 0;border-top:1px solid var(--line)}ul.checks li>div{min-width:0;overflow-wrap:anywhere}ul.checks li:first-child{border-top:0}
.icon{font-weight:700;width:1.2em;flex:none}.passed .icon{color:var(--ok)}.failed .icon{color:var(--bad)}.skipped .icon{color:var(--muted)}
.check-title{font-weight:600}.muted{color:var(--muted);font-size:.9rem}
.actions{display:flex;flex-wrap:wrap;gap:10px}
.button{display:inline-flex;align-items:center;min-height:44px;padding:0 16px;border-radius:8px;border:1px solid var(--btn);color:var(--btn);background:transparent;text-decoration:none;font:inherit;font-weight:600;cursor:pointer}
.button.primary{background:var(--btn);color:#fff}
.qr{display:flex;gap:16px;align-items:center;flex-wrap:wrap}.qr img{width:160px;height:160px;background:#fff;padding:8px;border-radius:8px}
input.link{width:100%;font:inherit;padding:8px;border:1px solid var(--line);border-radius:6px;background:transparent;color:inherit}
h2{font-size:1.05rem;margin:0 0 8px}
header a{color:#fff}nav.top{display:flex;justify-content:space-between;align-items:center;gap:12px;flex-wrap:wrap}
.revoked{margin:8px 0 0 48px}
ul.figures{list-style:none;padding:0;margin:0 0 8px}ul.figures li{padding:8px 0;border-top:1px solid var(--line)}ul.figures li:first-child{border-top:0}
.figure{font-size:1.25rem;font-weight:700}
textarea{width:100%;min-height:12rem;font:14px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;padding:8px;border:1px solid var(--muted);border-radius:6px;background:transparent;color:inherit}
label.file{display:block;margin:12px 0}.spaced{margin-top:12px}.error{color:var(--bad);font-weight:600}
`;

function checksOf(report: TVerificationReport): string {
  return report.checks
    .map(
      (check) =>
        `<li class="${check.result}"><span class="icon" aria-hidden="true">${check.result === 'passed' ? '✓' : check.result === 'failed' ? '✗' : '–'}</span><div><div class="check-title">${CHECK_TITLES[check.check]}: ${check.result}</div><div>${escape(check.message)}</div></div></li>`,
    )
    .join('');
}

/** The public page of one credential: who, what, by whom, when, and what was checked just now. */
export function renderVerifyPage(data: VerifyPageData): string {
  const { report } = data;
  const revoked = report.checks.some((c) => c.check === 'status' && c.result === 'failed');
  const verdict = report.verified
    ? { css: 'ok', mark: '✓', text: 'This credential is valid.' }
    : revoked
      ? { css: 'bad', mark: '!', text: 'This credential has been revoked by its issuer.' }
      : { css: 'bad', mark: '!', text: 'This credential could not be verified.' };
  const revokedLine =
    revoked && data.revoked
      ? `<p class="revoked">Revoked on ${escape(formatDate(data.revoked.on))} by ${escape(data.revoked.by)}.</p>`
      : '';
  const title = `${data.holderName}: ${data.achievementName}`;
  const description = `${data.achievementName}, awarded by ${data.issuerName} on ${formatDate(data.awardDate)}.`;
  const checks = checksOf(report);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title>
<meta name="description" content="${escape(description)}">
<meta property="og:type" content="website">
<meta property="og:title" content="${escape(title)}">
<meta property="og:description" content="${escape(description)}">
<meta property="og:url" content="${escape(data.url)}">
<meta name="twitter:card" content="summary">
<link rel="alternate" type="application/ld+json" href="${escape(data.url)}/credential.json">
<style nonce="${data.nonce}">${STYLE}</style>
<script src="/verify-assets/verify.js" defer></script>
</head><body>
${HEADER}
<main>
<section class="card"><div class="verdict ${verdict.css}" role="status"><span class="mark" aria-hidden="true">${verdict.mark}</span><span>${verdict.text}</span></div>${revokedLine}</section>
<section class="card">
<h1>${escape(data.holderName)}</h1>
<p class="achievement">${escape(data.achievementName)}</p>
<dl><dt>Issued by</dt><dd>${escape(data.issuerName)}</dd><dt>Awarded</dt><dd>${escape(formatDate(data.awardDate))}</dd><dt>Credential</dt><dd>Open Badges 3.0, signed (eddsa-rdfc-2022)</dd></dl>
</section>
<section class="card" aria-labelledby="checks"><h2 id="checks">Checked just now</h2>
<ul class="checks">${checks}</ul>
<p class="muted">Checked ${escape(report.checkedAt.replace('T', ' ').slice(0, 19))} UTC. Anyone can check the credential file again with any Open Badges 3.0 verifier.</p></section>
<section class="card" aria-labelledby="share"><h2 id="share">Share and keep</h2>
<div class="actions">
<a class="button primary" href="${escape(data.url)}/credential.json" download="credential-${escape(data.verificationId)}.json">Download credential</a>
<button class="button" type="button" id="copy-link" data-url="${escape(data.url)}">Copy link</button>
<a class="button" href="${escape(linkedInUrl(data))}" rel="noopener" target="_blank">Add to LinkedIn profile</a>
</div>
<p><label class="muted" for="link">Link to this page</label><input class="link" id="link" readonly value="${escape(data.url)}"></p>
<div class="qr"><img src="${escape(data.url)}/qr.svg" alt="QR code of the link to this page" width="160" height="160"><span class="muted">Scan to open this page on a phone.</span></div>
</section>
${data.outcomes ? renderOutcomes(data.outcomes, data.issuerName) : ''}
</main></body></html>`;
}

const HEADER = `<header><nav class="top" aria-label="Verification"><span>Laurel · Credential verification</span><a href="/verify">Check a credential file</a></nav></header>`;

const money = (value: number) =>
  value.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const percent = (value: number) => `${Math.round(value * 100)}%`;
const people = (n: number) => `${n.toLocaleString('en-US')} people`;

/** The program's published figures: about its graduates as a group, never about the holder. */
function renderOutcomes(outcomes: OutcomeSummary, issuerName: string): string {
  const items = outcomes.figures
    .map(
      (figure) =>
        `<li><div class="figure">${escape(figure.kind === 'money' ? money(figure.value) : figure.kind === 'percent' ? percent(figure.value) : `${figure.value >= 0 ? '+' : ''}${percent(figure.value)}`)}</div><div>${escape(figure.label)}</div><div class="muted">${escape(people(figure.n))}${figure.smallSample ? ' · a small sample: read it with care' : ''}</div></li>`,
    )
    .join('');
  return `<section class="card" aria-labelledby="outcomes"><h2 id="outcomes">What this program's graduates went on to earn</h2>
<ul class="figures">${items}</ul>
<p class="muted">Published by ${escape(issuerName)} for everyone awarded this credential ${escape(outcomes.years)}, from wage records; dollars of ${outcomes.dollarsOfYear}. These figures describe the graduates as a group, never the person who holds this credential; a figure about fewer than 10 people is never shown.</p></section>`;
}

/** `/verify`: check a credential file by pasting or choosing it, and the report once checked. */
export function renderCheckPage(input: {
  nonce: string;
  pasted?: string;
  error?: string;
  report?: TVerificationReport;
}): string {
  const { report } = input;
  const result = input.error
    ? `<section class="card"><p class="error" role="alert">${escape(input.error)}</p></section>`
    : report
      ? `<section class="card" aria-labelledby="result"><h2 id="result">Result</h2><div class="verdict ${report.verified ? 'ok' : 'bad'}" role="status"><span class="mark" aria-hidden="true">${report.verified ? '✓' : '!'}</span><span>${report.verified ? 'This credential is valid.' : 'This credential could not be verified.'}</span></div>
${report.credential ? `<dl class="spaced">${report.credential.name ? `<dt>Credential</dt><dd>${escape(report.credential.name)}</dd>` : ''}${report.credential.achievementName ? `<dt>Achievement</dt><dd>${escape(report.credential.achievementName)}</dd>` : ''}${report.credential.issuerName || report.credential.issuerId ? `<dt>Issued by</dt><dd>${escape(report.credential.issuerName ?? report.credential.issuerId ?? '')}</dd>` : ''}${report.credential.validFrom ? `<dt>Valid from</dt><dd>${escape(report.credential.validFrom)}</dd>` : ''}</dl>` : ''}
<ul class="checks spaced">${checksOf(report)}</ul>
<p class="muted">Checked ${escape(report.checkedAt.replace('T', ' ').slice(0, 19))} UTC.</p></section>`
      : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Check a credential</title>
<meta name="description" content="Check that an Open Badges 3.0 or Verifiable Credential 2.0 credential is genuine and not revoked.">
<style nonce="${input.nonce}">${STYLE}</style>
<script src="/verify-assets/verify.js" defer></script>
</head><body>
${HEADER}
<main>
<section class="card" aria-labelledby="check"><h1 id="check">Check a credential</h1>
<p>Paste an Open Badges 3.0 or Verifiable Credential 2.0 credential (the JSON file its holder downloaded), or choose the file. Laurel checks its signature, its issuer's key, whether it was revoked and its dates; nothing you check is kept.</p>
<form method="post" action="/verify">
<label for="credential" class="check-title">Credential JSON</label>
<textarea id="credential" name="credential" spellcheck="false" autocomplete="off" required>${escape(input.pasted ?? '')}</textarea>
<label class="file">Or choose a file: <input type="file" id="credential-file" accept=".json,.jsonld,application/json,application/ld+json,application/vc+ld+json"></label>
<p class="error" id="file-error" role="alert" hidden></p>
<button class="button primary" type="submit">Check credential</button>
</form></section>
${result}
</main></body></html>`;
}

/** The page of an id that names no credential. */
export function renderNotFoundPage(nonce: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Credential not found</title><meta name="robots" content="noindex">
<style nonce="${nonce}">${STYLE}</style></head><body>
${HEADER}
<main><section class="card"><div class="verdict bad" role="status"><span class="mark" aria-hidden="true">?</span><span>No credential has this address.</span></div>
<p>Check that the link was copied whole. A credential's link is given by the organization that issued it. If you have the credential file, <a href="/verify">check the file</a> instead.</p></section></main></body></html>`;
}

/**
 * The pages' only script, served from this origin as the policy requires: the copy button, and a
 * chosen file read into the form (pasting works without it).
 */
export const VERIFY_SCRIPT = `document.addEventListener('DOMContentLoaded',function(){var f=document.getElementById('credential-file');if(f){f.addEventListener('change',function(){var file=f.files&&f.files[0];if(!file)return;var e=document.getElementById('file-error');e.hidden=true;if(file.size>${VERIFY_MAX_BYTES}){e.textContent='This file is larger than a credential can be (${VERIFY_MAX_BYTES / 1024} KB): choose the credential JSON file.';e.hidden=false;f.value='';return}file.text().then(function(t){var a=document.getElementById('credential');a.value=t;a.form.requestSubmit()})})}var b=document.getElementById('copy-link');if(!b)return;b.addEventListener('click',function(){var u=b.getAttribute('data-url');var done=function(){b.textContent='Link copied';setTimeout(function(){b.textContent='Copy link'},2000)};if(navigator.clipboard){navigator.clipboard.writeText(u).then(done,function(){var i=document.getElementById('link');i.select();})}else{var i=document.getElementById('link');i.select();document.execCommand('copy');done()}})});`;
