import {
  formatMessage,
  keyedMessageReader,
  LOCALES,
  type MessageValues,
} from '@laurel/contract/i18n/messages';
import { type TVerificationReport, VERIFY_MAX_BYTES } from '@laurel/contract/open-badges';
import type { TLanguage } from '@laurel/contract/profile';

import { VERIFY_MESSAGES_EN, type VerifyMessageKey } from '../../i18n/verify.en.ts';
import { VERIFY_MESSAGES_ES } from '../../i18n/verify.es.ts';
import type { OutcomeSummary } from '../insights/outcome-summary.ts';

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const CHECK_TITLES: Record<TVerificationReport['checks'][number]['check'], VerifyMessageKey> = {
  format: 'checkTitle.format',
  issuer: 'checkTitle.issuer',
  signature: 'checkTitle.signature',
  status: 'checkTitle.status',
  dates: 'checkTitle.dates',
};

/**
 * The pages' words and formats in one language (decision 066): `text` is plain text (escape it
 * where it goes); `html` is markup, the catalogue's words as written and each argument escaped.
 */
function wordsOf(language: TLanguage) {
  const catalogue = language === 'es' ? VERIFY_MESSAGES_ES : VERIFY_MESSAGES_EN;
  const locale = LOCALES[language];
  const text = (key: VerifyMessageKey, values?: MessageValues) =>
    formatMessage(catalogue, language, key, values);
  /** A day (YYYY-MM-DD): "November 29, 2026" (en), "29 de noviembre de 2026" (es). */
  const date = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
  /**
   * A sentence of the verification report in this language: its key read back from its English
   * text (and so the key of a sentence given as its cause), its days as dates; else as it is.
   */
  const checkMessage = (message: string): string => {
    if (language === 'en') return message;
    const keyed = readReportMessage(message);
    if (!keyed) return message;
    const values = Object.fromEntries(
      Object.entries(keyed.values ?? {}).map(([name, value]) => [
        name,
        typeof value !== 'string'
          ? value
          : /^\d{4}-\d{2}-\d{2}$/.test(value)
            ? date(value)
            : name === 'cause'
              ? checkMessage(value)
              : value,
      ]),
    );
    return text(keyed.key as VerifyMessageKey, values);
  };
  return {
    text,
    html: (key: VerifyMessageKey, values: MessageValues = {}) =>
      text(
        key,
        Object.fromEntries(
          Object.entries(values).map(([name, value]) => [
            name,
            typeof value === 'string' ? escape(value) : value,
          ]),
        ),
      ),
    date,
    /** Whole dollars: "$52,300" (en), "USD 52,300" (es). */
    money: (value: number) =>
      value.toLocaleString(locale, {
        style: 'currency',
        currency: 'USD',
        maximumFractionDigits: 0,
      }),
    /** A fraction as a whole percentage: 0.64 → "64%". */
    percent: (value: number) =>
      (Math.round(value * 100) / 100 || 0).toLocaleString(locale, {
        style: 'percent',
        maximumFractionDigits: 0,
      }),
    checkMessage,
  };
}
type Words = ReturnType<typeof wordsOf>;

/** The verification report's sentences, by their English text. */
const readReportMessage = keyedMessageReader(
  Object.fromEntries(
    Object.entries(VERIFY_MESSAGES_EN).filter(([key]) => key.startsWith('report.')),
  ),
);

/** The language tag of a page. */
const langOf = (language: TLanguage) => (language === 'es' ? 'es' : 'en');

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
  /** The page's language: the request's. */
  language: TLanguage;
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

const STYLE = `
:root{color-scheme:light dark;--bg:#f4f6f9;--card:#fff;--text:#1b2430;--muted:#5b6675;--line:#dde3ea;--ok:#1b7f3b;--bad:#b3261e;--brand:#0E4D8F;--btn:#376fd0;--on-btn:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#11161d;--card:#1b222c;--text:#e8edf3;--muted:#a5b0bd;--line:#2c3643;--ok:#5fd08a;--bad:#ff8a80;--btn:#6d9cf0;--on-btn:#0b1320}}
*{box-sizing:border-box}body{margin:0;overflow-wrap:break-word;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--text)}
header{background:var(--brand);color:#fff;padding:12px 20px;font-weight:600;letter-spacing:.02em}
main{max-width:720px;margin:0 auto;padding:20px 16px 40px}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:20px;margin-bottom:16px}
.verdict{display:flex;gap:12px;align-items:center;font-weight:600;font-size:1.1rem}
.verdict .mark{width:36px;height:36px;border-radius:50%;display:grid;place-items:center;color:var(--on-btn);font-size:1.2rem;flex:none}
.ok .mark{background:var(--ok)}.bad .mark{background:var(--bad)}.ok{color:var(--ok)}.bad{color:var(--bad)}
h1{font-size:1.6rem;margin:.2rem 0}.achievement{font-size:1.15rem;margin:0 0 12px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}dt{color:var(--muted)}dd{margin:0}
ul.checks{list-style:none;padding:0;margin:0}ul.checks li{display:flex;gap:10px;padding:10px 0;border-top:1px solid var(--line)}ul.checks li>div{min-width:0;overflow-wrap:anywhere}ul.checks li:first-child{border-top:0}
.icon{font-weight:700;width:1.2em;flex:none}.passed .icon{color:var(--ok)}.failed .icon{color:var(--bad)}.skipped .icon{color:var(--muted)}
.check-title{font-weight:600}.muted{color:var(--muted);font-size:.9rem}
.actions{display:flex;flex-wrap:wrap;gap:10px}
.button{display:inline-flex;align-items:center;min-height:44px;padding:0 16px;border-radius:8px;border:1px solid var(--btn);color:var(--btn);background:transparent;text-decoration:none;font:inherit;font-weight:600;cursor:pointer}
.button.primary{background:var(--btn);color:var(--on-btn)}
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

function checksOf(report: TVerificationReport, w: Words): string {
  return report.checks
    .map(
      (check) =>
        `<li class="${check.result}"><span class="icon" aria-hidden="true">${check.result === 'passed' ? '✓' : check.result === 'failed' ? '✗' : '–'}</span><div><div class="check-title">${w.html('checkResult', { title: w.text(CHECK_TITLES[check.check]), result: check.result })}</div><div>${escape(w.checkMessage(check.message))}</div></div></li>`,
    )
    .join('');
}

const checkedAt = (report: TVerificationReport) => report.checkedAt.replace('T', ' ').slice(0, 19);

/** The public page of one credential: who, what, by whom, when, and what was checked just now. */
export function renderVerifyPage(data: VerifyPageData): string {
  const { report } = data;
  const w = wordsOf(data.language);
  const revoked = report.checks.some((c) => c.check === 'status' && c.result === 'failed');
  const verdict = report.verified
    ? { css: 'ok', mark: '✓', text: w.html('verdict.valid') }
    : revoked
      ? { css: 'bad', mark: '!', text: w.html('verdict.revoked') }
      : { css: 'bad', mark: '!', text: w.html('verdict.notVerified') };
  const revokedLine =
    revoked && data.revoked
      ? `<p class="revoked">${w.html('revokedOn', { date: w.date(data.revoked.on), issuer: data.revoked.by })}</p>`
      : '';
  const title = `${data.holderName}: ${data.achievementName}`;
  const description = w.text('description', {
    achievement: data.achievementName,
    issuer: data.issuerName,
    date: w.date(data.awardDate),
  });
  const checks = checksOf(report, w);
  return `<!doctype html>
<html lang="${langOf(data.language)}"><head><meta charset="utf-8">
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
${header(w)}
<main>
<section class="card"><div class="verdict ${verdict.css}" role="status"><span class="mark" aria-hidden="true">${verdict.mark}</span><span>${verdict.text}</span></div>${revokedLine}</section>
<section class="card">
<h1>${escape(data.holderName)}</h1>
<p class="achievement">${escape(data.achievementName)}</p>
<dl><dt>${w.html('issuedBy')}</dt><dd>${escape(data.issuerName)}</dd><dt>${w.html('awarded')}</dt><dd>${escape(w.date(data.awardDate))}</dd><dt>${w.html('credential')}</dt><dd>${w.html('credentialKind')}</dd></dl>
</section>
<section class="card" aria-labelledby="checks"><h2 id="checks">${w.html('checkedJustNow')}</h2>
<ul class="checks">${checks}</ul>
<p class="muted">${w.html('checkedAt', { time: checkedAt(report) })} ${w.html('checkAgain')}</p></section>
<section class="card" aria-labelledby="share"><h2 id="share">${w.html('shareAndKeep')}</h2>
<div class="actions">
<a class="button primary" href="${escape(data.url)}/credential.json" download="credential-${escape(data.verificationId)}.json">${w.html('downloadCredential')}</a>
<button class="button" type="button" id="copy-link" data-url="${escape(data.url)}" data-copied="${escape(w.text('linkCopied'))}">${w.html('copyLink')}</button>
<a class="button" href="${escape(linkedInUrl(data))}" rel="noopener" target="_blank">${w.html('addToLinkedIn')}</a>
</div>
<p><label class="muted" for="link">${w.html('linkToPage')}</label><input class="link" id="link" readonly value="${escape(data.url)}"></p>
<div class="qr"><img src="${escape(data.url)}/qr.svg" alt="${escape(w.text('qrAlt'))}" width="160" height="160"><span class="muted">${w.html('qrHint')}</span></div>
</section>
${data.outcomes ? renderOutcomes(data.outcomes, data.issuerName, w) : ''}
</main></body></html>`;
}

const header = (w: Words) =>
  `<header><nav class="top" aria-label="${escape(w.text('header.nav'))}"><span>${w.html('header.title')}</span><a href="/verify">${w.html('header.checkFile')}</a></nav></header>`;

/** The program's published figures: about its graduates as a group, never about the holder. */
function renderOutcomes(outcomes: OutcomeSummary, issuerName: string, w: Words): string {
  const items = outcomes.figures
    .map(
      (figure) =>
        `<li><div class="figure">${escape(figure.kind === 'money' ? w.money(figure.value) : figure.kind === 'percent' ? w.percent(figure.value) : `${figure.value >= 0 ? '+' : ''}${w.percent(figure.value)}`)}</div><div>${w.html(`outcomes.${figure.figure}`, figure.figure === 'salaryGrowth' ? { years: figure.horizonYears ?? 0 } : {})}</div><div class="muted">${w.html('outcomes.people', { count: figure.n })}${figure.smallSample ? ` · ${w.html('outcomes.smallSample')}` : ''}</div></li>`,
    )
    .join('');
  const { from, to } = outcomes.years;
  const years =
    from === to ? w.text('outcomes.year', { year: from }) : w.text('outcomes.years', { from, to });
  return `<section class="card" aria-labelledby="outcomes"><h2 id="outcomes">${w.html('outcomes.heading')}</h2>
<ul class="figures">${items}</ul>
<p class="muted">${w.html('outcomes.note', { issuer: issuerName, years, dollarsYear: String(outcomes.dollarsOfYear) })}</p></section>`;
}

/** `/verify`: check a credential file by pasting or choosing it, and the report once checked. */
export function renderCheckPage(input: {
  nonce: string;
  language: TLanguage;
  pasted?: string;
  /** Why the pasted text was refused, in the page's language. */
  error?: string;
  report?: TVerificationReport;
}): string {
  const { report } = input;
  const w = wordsOf(input.language);
  const result = input.error
    ? `<section class="card"><p class="error" role="alert">${escape(input.error)}</p></section>`
    : report
      ? `<section class="card" aria-labelledby="result"><h2 id="result">${w.html('form.result')}</h2><div class="verdict ${report.verified ? 'ok' : 'bad'}" role="status"><span class="mark" aria-hidden="true">${report.verified ? '✓' : '!'}</span><span>${report.verified ? w.html('verdict.valid') : w.html('verdict.notVerified')}</span></div>
${report.credential ? `<dl class="spaced">${report.credential.name ? `<dt>${w.html('credential')}</dt><dd>${escape(report.credential.name)}</dd>` : ''}${report.credential.achievementName ? `<dt>${w.html('form.achievement')}</dt><dd>${escape(report.credential.achievementName)}</dd>` : ''}${report.credential.issuerName || report.credential.issuerId ? `<dt>${w.html('issuedBy')}</dt><dd>${escape(report.credential.issuerName ?? report.credential.issuerId ?? '')}</dd>` : ''}${report.credential.validFrom ? `<dt>${w.html('form.validFrom')}</dt><dd>${escape(report.credential.validFrom)}</dd>` : ''}</dl>` : ''}
<ul class="checks spaced">${checksOf(report, w)}</ul>
<p class="muted">${w.html('checkedAt', { time: checkedAt(report) })}</p></section>`
      : '';
  return `<!doctype html>
<html lang="${langOf(input.language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(w.text('form.title'))}</title>
<meta name="description" content="${escape(w.text('form.description'))}">
<style nonce="${input.nonce}">${STYLE}</style>
<script src="/verify-assets/verify.js" defer></script>
</head><body>
${header(w)}
<main>
<section class="card" aria-labelledby="check"><h1 id="check">${w.html('form.title')}</h1>
<p>${w.html('form.intro')}</p>
<form method="post" action="/verify">
<label for="credential" class="check-title">${w.html('form.json')}</label>
<textarea id="credential" name="credential" spellcheck="false" autocomplete="off" required>${escape(input.pasted ?? '')}</textarea>
<label class="file">${w.html('form.chooseFile')} <input type="file" id="credential-file" accept=".json,.jsonld,application/json,application/ld+json,application/vc+ld+json" data-too-large="${escape(w.text('form.fileTooLarge', { kilobytes: VERIFY_MAX_BYTES / 1024 }))}"></label>
<p class="error" id="file-error" role="alert" hidden></p>
<button class="button primary" type="submit">${w.html('form.submit')}</button>
</form></section>
${result}
</main></body></html>`;
}

/** Why a pasted text is refused at `/verify`, in a language. */
export function refusalOf(
  language: TLanguage,
  key: Extract<VerifyMessageKey, `refusal.${string}`>,
  values?: MessageValues,
): string {
  return wordsOf(language).text(key, values);
}

/** The page of an id that names no credential. */
export function renderNotFoundPage(nonce: string, language: TLanguage): string {
  const w = wordsOf(language);
  return `<!doctype html>
<html lang="${langOf(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(w.text('notFound.title'))}</title><meta name="robots" content="noindex">
<style nonce="${nonce}">${STYLE}</style></head><body>
${header(w)}
<main><section class="card"><div class="verdict bad" role="status"><span class="mark" aria-hidden="true">?</span><span>${w.html('notFound.verdict')}</span></div>
<p>${w.text('notFound.help', { link: `<a href="/verify">${w.html('notFound.checkFile')}</a>` })}</p></section></main></body></html>`;
}

/**
 * The pages' only script, served from this origin as the policy requires: the copy button, and a
 * chosen file read into the form (pasting works without it). It holds no words: those it shows
 * are the page's, in the page's language (`data-copied`, `data-too-large`), so one script serves
 * every language.
 */
export const VERIFY_SCRIPT = `document.addEventListener('DOMContentLoaded',function(){var f=document.getElementById('credential-file');if(f){f.addEventListener('change',function(){var file=f.files&&f.files[0];if(!file)return;var e=document.getElementById('file-error');e.hidden=true;if(file.size>${VERIFY_MAX_BYTES}){e.textContent=f.getAttribute('data-too-large');e.hidden=false;f.value='';return}file.text().then(function(t){var a=document.getElementById('credential');a.value=t;a.form.requestSubmit()})})}var b=document.getElementById('copy-link');if(!b)return;var label=b.textContent;b.addEventListener('click',function(){var u=b.getAttribute('data-url');var done=function(){b.textContent=b.getAttribute('data-copied');setTimeout(function(){b.textContent=label},2000)};if(navigator.clipboard){navigator.clipboard.writeText(u).then(done,function(){var i=document.getElementById('link');i.select();})}else{var i=document.getElementById('link');i.select();document.execCommand('copy');done()}})});`;
