import type { FastifyReply, FastifyRequest } from 'fastify';

/** Sandbox pages speak the two languages of the product. */
export type Language = 'en' | 'no';

/** Texts of one page or party in both languages, with the same keys. */
export type Texts<Keys extends string> = Record<Language, Record<Keys, string>>;

/** `?lang=` first (the product passes its language on), then the browser's preference. */
export function pickLanguage(request: FastifyRequest): Language {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (asked === 'no' || asked === 'nb' || asked === 'nn') return 'no';
  if (asked === 'en') return 'en';
  const accepted = request.headers['accept-language'] ?? '';
  return /^\s*(nb|nn|no)\b/i.test(accepted) ? 'no' : 'en';
}

/** Markup that is already escaped; only `html` and `rawHtml` make it. */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

type HtmlValue = SafeHtml | string | number | undefined | null | false | readonly HtmlValue[];

function htmlOf(value: HtmlValue): string {
  if (value === undefined || value === null || value === false) return '';
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(htmlOf).join('');
  return escapeHtml(String(value));
}

/** A template whose interpolated values are escaped unless they are SafeHtml already. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let text = strings[0] ?? '';
  values.forEach((value, index) => {
    text += htmlOf(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(text);
}

const FRAME_TEXTS: Texts<'banner' | 'skip'> = {
  en: {
    banner: 'Sandbox: a test stand-in for an outside party. No real money, accounts or identities.',
    skip: 'Skip to content',
  },
  no: {
    banner:
      'Sandkasse: en teststedfortreder for en ekstern part. Ingen ekte penger, kontoer eller identiteter.',
    skip: 'Hopp til innholdet',
  },
};

const STYLE = `
:root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0; background: #f4f5f7; color: #1c1e21; }
.sandbox-banner { background: repeating-linear-gradient(45deg, #ffe066, #ffe066 12px, #ffd43b 12px, #ffd43b 24px);
  color: #1c1e21; font-weight: 600; padding: 0.5rem 1rem; text-align: center; border-bottom: 2px solid #1c1e21; }
.skip { position: absolute; left: -999px; } .skip:focus { left: 1rem; top: 0.5rem; background: #fff; padding: 0.25rem 0.5rem; }
main { max-width: 40rem; margin: 2rem auto; background: #fff; border-radius: 8px; padding: 1.5rem 2rem;
  box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); }
.party { text-transform: uppercase; letter-spacing: 0.08em; font-size: 0.8rem; color: #495057; margin: 0; }
h1 { margin-top: 0.25rem; font-size: 1.5rem; }
label { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }
input, select { font: inherit; padding: 0.5rem; width: 100%; box-sizing: border-box; border: 1px solid #868e96; border-radius: 4px; }
button, .button { font: inherit; padding: 0.55rem 1.1rem; border-radius: 4px; border: 1px solid #1c1e21; background: #fff;
  cursor: pointer; margin: 1rem 0.5rem 0 0; display: inline-block; color: inherit; text-decoration: none; }
button.primary { background: #1864ab; color: #fff; border-color: #1864ab; }
button.danger { background: #fff; color: #c92a2a; border-color: #c92a2a; }
:focus-visible { outline: 3px solid #fab005; outline-offset: 2px; }
table { border-collapse: collapse; width: 100%; margin: 1rem 0; font-size: 0.95rem; }
th, td { text-align: left; padding: 0.35rem 0.5rem; border-bottom: 1px solid #dee2e6; vertical-align: top; }
.error { color: #c92a2a; font-weight: 600; } .muted { color: #495057; }
code { background: #f1f3f5; padding: 0 0.25rem; border-radius: 3px; }
`;

export type PageOptions = {
  language: Language;
  /** The party the page belongs to, shown above the title (for example "DNB Bank"). */
  party: string;
  title: string;
  body: SafeHtml;
};

/** A whole sandbox page: plainly marked as a sandbox in its language, keyboard-first. */
export function renderPage({ language, party, title, body }: PageOptions): string {
  const frame = FRAME_TEXTS[language];
  return html`<!doctype html>
<html lang="${language === 'no' ? 'nb' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${party} · Sandbox</title>
<style>${new SafeHtml(STYLE)}</style>
</head>
<body>
<a class="skip" href="#content">${frame.skip}</a>
<div class="sandbox-banner" role="note" data-sandbox-banner>${frame.banner}</div>
<main id="content">
<p class="party">${party}</p>
<h1>${title}</h1>
${body}
</main>
</body>
</html>`.text;
}

export function sendPage(reply: FastifyReply, page: PageOptions, statusCode = 200) {
  return reply
    .code(statusCode)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(renderPage(page));
}

/** Where this sandbox is reached from the caller's side, for links it hands out. */
export function baseUrlOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
