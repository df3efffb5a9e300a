/**
 * Records the tutorial videos of the /video pages from the product itself, into apps/server/tutorials:
 * a fresh server with the demo data and the sandbox (apps/web/e2e/server.mjs) on ports of its own, each
 * flow played in Debian's Chromium with Playwright's recordVideo, then cut and compressed with ffmpeg
 * into a small VP9 WebM, with captions in English and Norwegian (WebVTT) that name each step as it
 * happens. Run it again after a change to the screens it shows:
 *
 *   npx tsx scripts/record-tutorials.ts [overview|android|pay-dnb-android|pay-sp1-android|invoice-web …]
 *
 * It needs the built web app (npm run build -w apps/web), /usr/bin/chromium and Debian's ffmpeg
 * (apt-get install ffmpeg), which Playwright's recorder runs in place of the build it would download.
 * RECORD_PORT (3280) moves the server it starts (the sandbox takes the port after it); WEB_DIST_DIR
 * names a web app built elsewhere.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TUTORIAL_CAPTION_LANGUAGES, TUTORIAL_NAMES, type TutorialName } from '@bilag/contracts';
import {
  accountNumberCheckDigit,
  addBankingDays,
  createKid,
  formatAccountNumber,
  todayIsoDate,
} from '@bilag/domain';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const outputDir = path.join(repositoryRoot, 'apps/server/tutorials');
const port = Number(process.env.RECORD_PORT ?? 3280);
const PRODUCT_URL = `http://127.0.0.1:${port}`;
const SANDBOX_URL = `http://127.0.0.1:${port + 1}`;
const FFMPEG = '/usr/bin/ffmpeg';
const CHROMIUM = '/usr/bin/chromium';

const DEMO_PASSWORD = 'demo1234';
const ACCOUNTANT = 'regnskap@demo.no';
const ADMIN = 'admin@demo.no';
const bakery = { id: 1, alias: 'nordlys-bakeri', organisationNumber: '923456783' };
const construction = { id: 2, alias: 'fjelltopp-bygg', organisationNumber: '934567897' };
/** The sandbox's test person who approves with BankID and may pay from every demo account. */
const KARI_SSN = '12857910093';
/** Fjelltopp Bygg's operating account at SpareBank 1 in the sandbox. */
const SPAREBANK1_ACCOUNT = '32010456788';

/** Frames a second in the published videos: screens change in steps, not in motion. */
const FRAMES_PER_SECOND = 12;
/** VP9 quality (lower is better); screens of flat colour and text stay sharp at this level. */
const QUALITY = 38;

const desktop = { width: 1024, height: 640 };
const phone = { width: 360, height: 720 };

type Size = { width: number; height: number };
type Caption = Record<(typeof TUTORIAL_CAPTION_LANGUAGES)[number], string>;

// ---------------------------------------------------------------------------------------------------
// The product and the sandbox, started for this run alone

async function isAnswering(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/**
 * Starts the product on a copy of the built web app, so a build made meanwhile (by a developer at
 * work beside the recording) cannot take the pages away halfway through.
 */
async function startProduct(workDir: string): Promise<ChildProcess> {
  const builtApp = process.env.WEB_DIST_DIR ?? path.join(repositoryRoot, 'apps/web/dist');
  if (!existsSync(path.join(builtApp, 'index.html')))
    throw new Error('Build the web app first: npm run build -w apps/web');
  const webApp = path.join(workDir, 'web');
  cpSync(builtApp, webApp, { recursive: true });
  const server = spawn('node', ['apps/web/e2e/server.mjs'], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      WEB_DIST_DIR: webApp,
      E2E_PORT: String(port),
      E2E_SANDBOX_PORT: String(port + 1),
      E2E_SMTP_PORT: String(port - 600),
      E2E_MAIL_INTAKE_PORT: String(port + 3),
      LOG_LEVEL: 'warn',
    },
  });
  const startedAt = Date.now();
  while (Date.now() - startedAt < 240_000) {
    if (server.exitCode !== null) throw new Error(`The server stopped with code ${server.exitCode}`);
    if ((await isAnswering(`${PRODUCT_URL}/health/ready`)) && (await isAnswering(`${SANDBOX_URL}/health`)))
      return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill('SIGTERM');
  throw new Error('The server did not answer in time');
}

async function stopProduct(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

// ---------------------------------------------------------------------------------------------------
// Calls made to prepare a flow, outside the picture

type Session = { token: string; userId: number; session: Record<string, unknown> };

/**
 * A call to the product. A connection kept open between two flows may have been closed by the server
 * meanwhile, which fails the next call before it is sent; that call is made once more.
 */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof TypeError && String(error.cause).includes('other side closed'))
      return fetch(url, init);
    throw error;
  }
}

async function signIn(email: string): Promise<Session> {
  const reply = await send(`${PRODUCT_URL}/api/account/check-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await reply.json()) as {
    data: { AccessToken: string; RefreshToken: string; RoleId: number; User: { Id: number } };
  };
  if (!reply.ok) throw new Error(`Signing in as ${email} failed: ${JSON.stringify(body)}`);
  const { AccessToken, RefreshToken, RoleId, User } = body.data;
  return { token: AccessToken, userId: User.Id, session: { AccessToken, RefreshToken, RoleId, User } };
}

async function call<T>(
  who: Session,
  method: string,
  url: string,
  body?: unknown,
  { isIdempotent = false }: { isIdempotent?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${who.token}`, language: 'en' };
  if (isIdempotent) headers['idempotency-key'] = crypto.randomUUID();
  let payload: string | FormData | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const reply = await send(`${PRODUCT_URL}${url}`, { method, headers, body: payload });
  const text = await reply.text();
  if (!reply.ok) throw new Error(`${method} ${url} answered ${reply.status}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** An account number with its mod-11 check digit, for a supplier of the demo. */
function accountNumber(firstTenDigits: string): string {
  const check = accountNumberCheckDigit(firstTenDigits);
  if (check === undefined) throw new Error(`${firstTenDigits} has no check digit`);
  return `${firstTenDigits}${check}`;
}

type Invoice = {
  supplier: string;
  supplierAddress: string;
  organisationNumber: string;
  number: string;
  lines: { text: string; amountOre: number }[];
  accountNumber: string;
  kid: string;
  dueDate: string;
};

function kroner(ore: number): string {
  return new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    ore / 100,
  );
}

function norwegianDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}.${month}.${year}`;
}

function invoiceTotal(invoice: Invoice): number {
  return invoice.lines.reduce((sum, line) => sum + line.amountOre, 0);
}

function invoiceHtml(invoice: Invoice): string {
  const rows = invoice.lines
    .map((line) => `<tr><td>${line.text}</td><td class="n">${kroner(line.amountOre)}</td></tr>`)
    .join('');
  return `<!doctype html><html><body style="margin:0;font:15px/1.45 'DejaVu Sans',sans-serif;color:#1d2733">
<div style="width:620px;padding:36px 40px;background:#fff">
  <div style="display:flex;justify-content:space-between;border-bottom:4px solid #0b6e75;padding-bottom:14px">
    <div><div style="font-size:26px;font-weight:700;color:#0b6e75">${invoice.supplier}</div>
    <div>${invoice.supplierAddress}</div><div>Org.nr. ${invoice.organisationNumber} MVA</div></div>
    <div style="text-align:right"><div style="font-size:22px;font-weight:700">FAKTURA</div>
    <div>Nr. ${invoice.number}</div><div>Forfall ${norwegianDate(invoice.dueDate)}</div></div>
  </div>
  <style>td{padding:7px 0;border-bottom:1px solid #dde3e8}.n{text-align:right}</style>
  <table style="width:100%;border-collapse:collapse;margin:22px 0">${rows}
    <tr><td style="font-weight:700">Å betale</td><td class="n" style="font-weight:700">kr ${kroner(invoiceTotal(invoice))}</td></tr>
  </table>
  <div style="background:#eef5f6;padding:14px 18px;border-radius:8px">
    <div>Kontonummer: <b>${formatAccountNumber(invoice.accountNumber)}</b></div>
    <div>KID: <b>${invoice.kid}</b></div>
  </div>
</div></body></html>`;
}

function receiptHtml(): string {
  const lines = [
    ['Cappuccino', '58,00'],
    ['Skolebolle', '42,00'],
    ['Kanelsnurr x2', '78,00'],
    ['Smørbrød reker', '106,00'],
  ];
  return `<!doctype html><html><body style="margin:0;background:#fff;font:17px/1.5 'DejaVu Sans Mono',monospace;color:#222">
<div style="width:330px;padding:26px 24px;text-align:center">
  <div style="font:700 24px 'DejaVu Sans',sans-serif">Kafé Fjordlys</div>
  <div>Strandgata 4, 2317 Hamar</div><div>Org.nr 987 654 325 MVA</div>
  <div style="margin:14px 0;border-top:2px dashed #888"></div>
  ${lines.map(([item, price]) => `<div style="display:flex;justify-content:space-between"><span>${item}</span><span>${price}</span></div>`).join('')}
  <div style="margin:14px 0;border-top:2px dashed #888"></div>
  <div style="display:flex;justify-content:space-between;font-weight:700;font-size:20px"><span>TOTAL</span><span>284,00</span></div>
  <div style="display:flex;justify-content:space-between"><span>herav mva 15%</span><span>37,04</span></div>
  <div style="margin-top:14px">BankAxept ****4411</div><div>Takk for besøket!</div>
</div></body></html>`;
}

// ---------------------------------------------------------------------------------------------------
// Playwright, with Debian's ffmpeg as its video encoder

type Playwright = typeof import('playwright-core');
type Browser = import('playwright-core').Browser;
type Page = import('playwright-core').Page;
type Locator = import('playwright-core').Locator;

/**
 * Playwright looks for its own ffmpeg build under its browsers folder; a folder of this run's own
 * points it at Debian's instead, so nothing is downloaded.
 */
async function loadPlaywright(workDir: string): Promise<Playwright> {
  const browsersJson = JSON.parse(
    readFileSync(path.join(repositoryRoot, 'node_modules/playwright-core/browsers.json'), 'utf8'),
  ) as { browsers: { name: string; revision: string }[] };
  const revision = browsersJson.browsers.find((browser) => browser.name === 'ffmpeg')?.revision;
  if (!revision) throw new Error('playwright-core names no ffmpeg build');
  const browsersDir = path.join(workDir, 'playwright');
  mkdirSync(path.join(browsersDir, `ffmpeg-${revision}`), { recursive: true });
  symlinkSync(FFMPEG, path.join(browsersDir, `ffmpeg-${revision}`, 'ffmpeg-linux'));
  process.env.PLAYWRIGHT_BROWSERS_PATH = browsersDir;
  return import('playwright-core');
}

/**
 * A pointer drawn into every page, since a recording shows no mouse: a dot that glides to what is
 * clicked and presses in on the click. It remembers where it was across page loads.
 */
const POINTER_SCRIPT = `(() => {
  const key = 'tutorial.pointer';
  const install = () => {
    if (document.getElementById('tutorial-pointer')) return;
    const dot = document.createElement('div');
    dot.id = 'tutorial-pointer';
    Object.assign(dot.style, {
      position: 'fixed', left: '-40px', top: '-40px', width: '26px', height: '26px', margin: '-13px 0 0 -13px',
      borderRadius: '50%', background: 'rgba(255, 153, 0, 0.35)', border: '3px solid rgba(230, 120, 0, 0.95)',
      boxSizing: 'border-box', pointerEvents: 'none', zIndex: '2147483647', transition: 'transform 120ms ease-out',
    });
    const saved = sessionStorage.getItem(key);
    if (saved) { const [x, y] = saved.split(','); dot.style.left = x + 'px'; dot.style.top = y + 'px'; }
    document.documentElement.appendChild(dot);
    addEventListener('mousemove', (event) => {
      dot.style.left = event.clientX + 'px';
      dot.style.top = event.clientY + 'px';
      sessionStorage.setItem(key, event.clientX + ',' + event.clientY);
    }, true);
    addEventListener('mousedown', () => { dot.style.transform = 'scale(0.65)'; }, true);
    addEventListener('mouseup', () => { dot.style.transform = 'scale(1)'; }, true);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', install);
  else install();
})();`;

/** What a flow was shown as: stretches of each page's recording in order, and the captions' moments. */
class Timeline {
  readonly segments: { page: Page; from: number; to: number }[] = [];
  readonly captions: { at: number; caption: Caption }[] = [];
  private current: { page: Page; from: number } | null = null;

  show(page: Page) {
    this.stop();
    this.current = { page, from: Date.now() };
  }

  stop() {
    if (this.current) this.segments.push({ ...this.current, to: Date.now() });
    this.current = null;
  }

  caption(en: string, no: string) {
    this.captions.push({ at: Date.now(), caption: { en, no } });
  }
}

type Flow = {
  name: string;
  size: Size;
  isPhone: boolean;
  play: (scene: Scene) => Promise<void>;
};

/** What a flow plays with: its page, its timeline and the gestures a person makes. */
class Scene {
  constructor(
    readonly page: Page,
    readonly timeline: Timeline,
  ) {}

  pause(milliseconds: number) {
    return new Promise((resolve) => setTimeout(resolve, milliseconds));
  }

  /** Shows a caption and gives the viewer time to read it before the next gesture. */
  async say(en: string, no: string, milliseconds = 2200) {
    this.timeline.caption(en, no);
    await this.pause(milliseconds);
  }

  /** Glides the pointer to the element and clicks it, as a person's hand would. */
  async click(target: Locator, page: Page = this.page) {
    await target.waitFor({ state: 'visible', timeout: 30_000 });
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    if (box) {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 20 });
      await this.pause(300);
    }
    await target.click();
    await this.pause(400);
  }

  async type(target: Locator, text: string, page: Page = this.page) {
    await this.click(target, page);
    await target.pressSequentially(text, { delay: 70 });
    await this.pause(400);
  }

  /** Scrolls the page by a distance, slowly enough to follow. */
  async scroll(pixels: number, page: Page = this.page) {
    const steps = 10;
    for (let step = 0; step < steps; step += 1) {
      await page.mouse.wheel(0, pixels / steps);
      await this.pause(60);
    }
    await this.pause(500);
  }

  /** Plays what happens in a window the product opens (BankID, the bank), then returns to the page. */
  async inPopup(open: () => Promise<void>, play: (popup: Page) => Promise<void>) {
    const opening = this.page.waitForEvent('popup');
    await open();
    const popup = await opening;
    // The product opens its signing window at a size of its own; the recording is of the phone's.
    const size = this.page.viewportSize();
    if (size) await popup.setViewportSize(size);
    this.timeline.show(popup);
    const closed = popup.waitForEvent('close', { timeout: 120_000 });
    await play(popup);
    await closed;
    this.timeline.show(this.page);
  }
}

async function recordFlow(browser: Browser, flow: Flow, session: Session, workDir: string) {
  const videoDir = path.join(workDir, flow.name);
  const context = await browser.newContext({
    viewport: flow.size,
    deviceScaleFactor: 1,
    isMobile: flow.isPhone,
    hasTouch: flow.isPhone,
    locale: 'en-GB',
    timezoneId: 'Europe/Oslo',
    recordVideo: { dir: videoDir, size: flow.size },
    storageState: {
      cookies: [],
      origins: [
        {
          origin: PRODUCT_URL,
          localStorage: [
            { name: 'bilag.session', value: JSON.stringify(session.session) },
            { name: 'bilag.language', value: 'en' },
          ],
        },
      ],
    },
  });
  await context.addInitScript(POINTER_SCRIPT);
  const openedAt = new Map<Page, number>();
  context.on('page', (page) => openedAt.set(page, Date.now()));
  const page = await context.newPage();
  if (!openedAt.has(page)) openedAt.set(page, Date.now());
  const timeline = new Timeline();
  try {
    await flow.play(new Scene(page, timeline));
  } catch (error) {
    // What each window showed when the flow went wrong, to see why.
    for (const [index, open] of context.pages().entries()) {
      const picture = path.join(tmpdir(), `record-tutorials-${flow.name}-${index}.png`);
      await open.screenshot({ path: picture }).catch(() => undefined);
      console.error(`[tutorials] ${flow.name} failed at ${open.url()}; its screen is in ${picture}`);
    }
    throw error;
  }
  timeline.stop();
  const pages = [...new Set(timeline.segments.map((segment) => segment.page))];
  await context.close();
  const videos = new Map<Page, string>();
  for (const shown of pages) {
    const video = shown.video();
    if (!video) throw new Error(`${flow.name}: a page was shown without a recording`);
    videos.set(shown, await video.path());
  }
  return {
    segments: timeline.segments.map((segment) => ({
      file: videos.get(segment.page) ?? '',
      start: (segment.from - (openedAt.get(segment.page) ?? segment.from)) / 1000,
      end: (segment.to - (openedAt.get(segment.page) ?? segment.from)) / 1000,
      from: segment.from,
      to: segment.to,
    })),
    captions: timeline.captions,
  };
}

// ---------------------------------------------------------------------------------------------------
// Cutting, compressing and captioning

type Recorded = Awaited<ReturnType<typeof recordFlow>>;

function cueTime(seconds: number): string {
  const milliseconds = Math.max(0, Math.round(seconds * 1000));
  const hours = Math.floor(milliseconds / 3_600_000);
  const minutes = Math.floor(milliseconds / 60_000) % 60;
  const rest = (milliseconds % 60_000) / 1000;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:${rest.toFixed(3).padStart(6, '0')}`;
}

/** A moment of the run as a moment of the published video, where the segments follow each other. */
function videoTime(recorded: Recorded, at: number): number {
  let elapsed = 0;
  for (const segment of recorded.segments) {
    if (at < segment.to) return elapsed + Math.max(0, at - segment.from) / 1000;
    elapsed += (segment.to - segment.from) / 1000;
  }
  return elapsed;
}

function captionsFile(recorded: Recorded, language: keyof Caption, duration: number): string {
  const cues = recorded.captions.map((entry, index) => {
    const start = videoTime(recorded, entry.at);
    const next = recorded.captions[index + 1];
    const end = next ? videoTime(recorded, next.at) : duration;
    return `${index + 1}\n${cueTime(start)} --> ${cueTime(end)}\n${entry.caption[language]}\n`;
  });
  return `WEBVTT\n\n${cues.join('\n')}`;
}

/**
 * The recordings hold a frame only when the screen changed, so each is first made a frame every
 * 1/FRAMES_PER_SECOND s (a still screen repeats its last frame); each part is then cut and held to its
 * exact length on the clock, which keeps the captions on their steps.
 */
function encode(flow: Flow, recorded: Recorded, target: string): number {
  const inputs = recorded.segments.flatMap((segment) => ['-i', segment.file]);
  const parts = recorded.segments.map((segment, index) => {
    const length = (segment.end - segment.start).toFixed(3);
    return (
      `[${index}:v]fps=${FRAMES_PER_SECOND},trim=start=${segment.start.toFixed(3)},setpts=PTS-STARTPTS,` +
      `tpad=stop_mode=clone:stop_duration=${length},trim=duration=${length},setpts=PTS-STARTPTS,` +
      `scale=${flow.size.width}:${flow.size.height},setsar=1[part${index}]`
    );
  });
  const joined = recorded.segments.map((_, index) => `[part${index}]`).join('');
  const filter = `${parts.join(';')};${joined}concat=n=${recorded.segments.length}:v=1:a=0[video]`;
  execFileSync(
    FFMPEG,
    [
      '-loglevel',
      'error',
      '-y',
      ...inputs,
      '-filter_complex',
      filter,
      '-map',
      '[video]',
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      String(QUALITY),
      '-deadline',
      'good',
      '-cpu-used',
      '2',
      '-row-mt',
      '1',
      '-g',
      String(FRAMES_PER_SECOND * 10),
      '-pix_fmt',
      'yuv420p',
      '-an',
      target,
    ],
    { stdio: 'inherit' },
  );
  return recorded.segments.reduce((sum, segment) => sum + (segment.to - segment.from) / 1000, 0);
}

// ---------------------------------------------------------------------------------------------------
// The flows

function menuLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true });
}

const overview: Flow = {
  name: 'overview',
  size: desktop,
  isPhone: false,
  play: async (scene) => {
    const { page } = scene;
    await page.goto(`${PRODUCT_URL}/${bakery.alias}/`);
    await menuLink(page, 'Vouchers').waitFor({ timeout: 30_000 });
    await scene.pause(1500);
    scene.timeline.show(page);
    await scene.say(
      'Bilag opens on the company you work in. The menu on the left leads to everything.',
      'Bilag åpner på firmaet du jobber i. Menyen til venstre leder til alt.',
      3000,
    );
    await scene.click(menuLink(page, 'Vouchers'));
    await page.getByTestId('voucher-statistics').waitFor();
    await scene.say(
      'Vouchers holds every receipt and invoice of the company, counted month by month.',
      'Bilag samler alle kvitteringer og fakturaer i firmaet, talt måned for måned.',
      3000,
    );
    const month = Number(todayIsoDate('Europe/Oslo').slice(5, 7));
    await scene.click(page.getByTestId(`statistics-month-${month}`));
    await scene.say(
      'Choose a month to see only its vouchers.',
      'Velg en måned for å se bare bilagene i den.',
    );
    await scene.scroll(560);
    await scene.say(
      'Each line shows the supplier, the amount, the due date and whether it is paid.',
      'Hver linje viser leverandøren, beløpet, forfallsdatoen og om bilaget er betalt.',
      3200,
    );
    await scene.click(page.locator('[data-testid^="voucher-row-"]').filter({ hasText: 'Hamar Energi AS' }));
    await page.getByTestId('voucher-image').waitFor({ timeout: 30_000 });
    await scene.say(
      'Open a voucher to see the document beside its details, and correct them if need be.',
      'Åpne et bilag for å se dokumentet ved siden av detaljene, og rette dem om det trengs.',
      4000,
    );
    await scene.click(menuLink(page, 'Bank'));
    await page.getByRole('heading', { name: 'Bank transactions', level: 1 }).waitFor();
    await scene.say(
      "The bank lists every transaction on the company's accounts.",
      'Banken viser alle transaksjoner på firmaets kontoer.',
      3000,
    );
    await scene.click(page.getByRole('button', { name: /missing a voucher/ }));
    await scene.scroll(420);
    await scene.say(
      'Transactions that still miss a voucher are one click away, so nothing is forgotten.',
      'Transaksjoner som fortsatt mangler bilag er ett klikk unna, så ingenting blir glemt.',
      3500,
    );
    await scene.click(menuLink(page, 'Bank accounts'));
    await page.getByRole('heading', { name: 'Bank accounts', level: 1 }).waitFor();
    await scene.say(
      "Bank accounts lists the company's accounts with the balance the bank last stated.",
      'Bankkontoer viser firmaets kontoer med saldoen banken sist oppga.',
      4000,
    );
  },
};

function receiptPng(browser: Browser) {
  return renderPicture(browser, receiptHtml(), { width: 378, height: 460 });
}

async function renderPicture(browser: Browser, html: string, size: Size): Promise<Buffer> {
  const page = await browser.newPage({ viewport: size, deviceScaleFactor: 2 });
  await page.setContent(html);
  const picture = await page.screenshot({ type: 'png', fullPage: true });
  await page.close();
  return picture;
}

function androidFlow(receipt: Buffer): Flow {
  return {
    name: 'android',
    size: phone,
    isPhone: true,
    play: async (scene) => {
      const { page } = scene;
      await page.goto(`${PRODUCT_URL}/${bakery.alias}/voucher`);
      await page.getByTestId('voucher-statistics').waitFor({ timeout: 30_000 });
      await scene.pause(1500);
      scene.timeline.show(page);
      await scene.say('Open Vouchers in Bilag on your phone.', 'Åpne Bilag på mobilen.', 2800);
      await scene.say(
        'Tap Upload vouchers, then take a picture of the receipt or pick one you have.',
        'Trykk Last opp bilag, og ta et bilde av kvitteringen eller velg et du har.',
        1200,
      );
      const choosing = page.waitForEvent('filechooser');
      await scene.click(page.getByRole('button', { name: 'Upload vouchers' }));
      const chooser = await choosing;
      await scene.pause(1200);
      await chooser.setFiles({
        name: 'kvittering-kafe-fjordlys.png',
        mimeType: 'image/png',
        buffer: receipt,
      });
      const uploaded = page.getByTestId('upload-item').filter({ hasText: 'kvittering-kafe-fjordlys.png' });
      await uploaded.scrollIntoViewIfNeeded();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="upload-item"]')?.getAttribute('data-state') === 'done',
        undefined,
        { timeout: 60_000 },
      );
      await scene.say(
        'The receipt is uploaded and is a voucher at once.',
        'Kvitteringen lastes opp og blir et bilag med en gang.',
        2800,
      );
      await scene.say('Open it to see the picture.', 'Åpne det for å se bildet.', 600);
      await scene.click(uploaded.getByRole('link'));
      await page.getByTestId('voucher-image').waitFor({ timeout: 30_000 });
      await scene.pause(2200);
      await scene.say(
        'Fill in the date, who you paid and how much.',
        'Fyll inn datoen, hvem du betalte og hvor mye.',
        600,
      );
      const [year, month, day] = todayIsoDate('Europe/Oslo').split('-');
      await scene.type(page.getByTestId('field-date'), `${day}.${month}.${year}`);
      await scene.type(page.getByTestId('field-supplier'), 'Kafé Fjordlys');
      await scene.type(page.getByTestId('field-amount'), '284,00');
      await scene.say(
        'Add a note the accountant will want.',
        'Skriv et notat regnskapsføreren trenger.',
        400,
      );
      await scene.type(page.getByTestId('field-description'), 'Møte med kunde');
      await scene.say(
        'Save. The accountant sees the receipt in Bilag right away.',
        'Lagre. Regnskapsføreren ser kvitteringen i Bilag med en gang.',
        300,
      );
      await scene.click(page.getByTestId('save-voucher'));
      await scene.pause(3500);
    },
  };
}

type PaymentSetup = { company: typeof bakery; invoice: Invoice; voucherId: number };

/** An invoice uploaded as a voucher and filled in, as it is before someone pays it. */
async function givenInvoiceVoucher(
  browser: Browser,
  who: Session,
  company: typeof bakery,
  invoice: Invoice,
): Promise<PaymentSetup> {
  const picture = await renderPicture(browser, invoiceHtml(invoice), { width: 700, height: 600 });
  const form = new FormData();
  form.append('companyId', String(company.id));
  form.append('files', new Blob([picture], { type: 'image/png' }), `faktura-${invoice.number}.png`);
  const [uploaded] = await call<{ Id: number }[]>(who, 'POST', '/api/main/voucher/addByWeb', form);
  if (!uploaded) throw new Error('The invoice was not uploaded');
  await call(who, 'PUT', `/api/main/voucher/${uploaded.Id}`, {
    companyId: company.id,
    date: todayIsoDate('Europe/Oslo'),
    supplierName: invoice.supplier,
    amountOre: invoiceTotal(invoice),
    accountNumber: invoice.accountNumber,
    kid: invoice.kid,
    dueDate: invoice.dueDate,
  });
  return { company, invoice, voucherId: uploaded.Id };
}

/** Makes the accountant a payment user of the construction company who may pay from its SpareBank 1 account. */
async function givenSpareBank1PaymentUser(accountant: Session) {
  const admin = await signIn(ADMIN);
  const accounts = await call<{ Id: number; AccountNumber: string }[]>(
    accountant,
    'GET',
    `/api/main/company-banks/fetch-all-company-bank-info-by-company-id?companyId=${construction.id}`,
  );
  if (!accounts.some((account) => account.AccountNumber === SPAREBANK1_ACCOUNT))
    await call(accountant, 'POST', '/api/main/company-banks/add', {
      companyId: construction.id,
      accountNumber: SPAREBANK1_ACCOUNT,
      name: 'Driftskonto',
    });
  const base = '/api/main/company-users-assign-payment';
  const users = await call<{ rows: { UserId: number }[] }>(
    admin,
    'GET',
    `${base}?companyId=${construction.id}`,
  );
  if (!users.rows.some((row) => row.UserId === accountant.userId))
    await call(
      admin,
      'POST',
      base,
      { companyId: construction.id, userId: accountant.userId, isAllowPayments: true },
      { isIdempotent: true },
    );
  await call(
    admin,
    'POST',
    `${base}/banks-verified-payment/${accountant.userId}`,
    { companyId: construction.id, accountNumbers: [SPAREBANK1_ACCOUNT] },
    { isIdempotent: true },
  );
}

function paymentFlow(name: string, bankName: string, setup: PaymentSetup): Flow {
  const { company, invoice, voucherId } = setup;
  return {
    name,
    size: phone,
    isPhone: true,
    play: async (scene) => {
      const { page } = scene;
      await page.goto(`${PRODUCT_URL}/${company.alias}/voucher/${voucherId}`);
      await page.getByTestId('voucher-image').waitFor({ timeout: 30_000 });
      await scene.pause(1500);
      scene.timeline.show(page);
      await scene.say(
        `An invoice from ${invoice.supplier} is in Bilag, with its account number, KID and due date.`,
        `En faktura fra ${invoice.supplier} ligger i Bilag, med kontonummer, KID og forfallsdato.`,
        3500,
      );
      const paymentCard = page.getByRole('region', { name: 'Payment', exact: true });
      await paymentCard.scrollIntoViewIfNeeded();
      await scene.pause(800);
      await scene.click(paymentCard.getByRole('button', { name: 'Add to payment list' }));
      await paymentCard.getByRole('table').getByText('On payment list').waitFor();
      await scene.say('Put it on the payment list.', 'Legg den i betalingslisten.', 2500);
      await scene.click(paymentCard.getByRole('link', { name: 'Payment list' }));
      await page.getByTestId('payment-count').waitFor({ timeout: 30_000 });
      await scene.say(
        'The payment list holds what waits to be paid.',
        'Betalingslisten viser det som venter på å bli betalt.',
        2500,
      );
      const select = page.getByRole('checkbox', { name: `Select the payment to ${invoice.supplier}` });
      await scene.click(select);
      await scene.say('Choose the payment…', 'Velg betalingen…', 1500);
      await scene.click(page.getByRole('button', { name: /^Sign and pay/ }));
      const basket = page.getByTestId('basket-modal');
      await basket.waitFor();
      await scene.say(
        '…and tap Sign and pay. Check the account it is paid from and the total.',
        '…og trykk Signer og betal. Sjekk kontoen det betales fra og summen.',
        3500,
      );
      await scene.inPopup(
        () => scene.click(basket.getByRole('button', { name: 'Sign with BankID' })),
        async (popup) => {
          const identity = popup.getByRole('textbox', { name: 'National identity number (11 digits)' });
          await identity.waitFor({ timeout: 30_000 });
          await scene.pause(800);
          await scene.say('Confirm who you are with BankID.', 'Bekreft hvem du er med BankID.', 2000);
          await scene.type(identity, KARI_SSN, popup);
          await scene.click(popup.getByRole('button', { name: 'Approve with BankID' }), popup);
          await popup
            .getByRole('heading', { name: /^Approve payments?$/, level: 1 })
            .waitFor({ timeout: 60_000 });
          await scene.say(
            `${bankName} asks you to approve the payment.`,
            `${bankName} ber deg godkjenne betalingen.`,
            3000,
          );
          const bankIdentity = popup.getByRole('textbox', { name: 'National identity number (11 digits)' });
          if (await bankIdentity.isEditable()) await scene.type(bankIdentity, KARI_SSN, popup);
          await scene.click(popup.getByRole('button', { name: 'Log in with BankID' }), popup);
          await scene.pause(1200);
          await scene.click(popup.getByRole('button', { name: 'Approve', exact: true }), popup);
          await popup
            .getByRole('heading', { name: 'Payment accepted', level: 1 })
            .waitFor({ timeout: 60_000 });
          await scene.say(
            'The bank has accepted the payment. The window closes by itself.',
            'Banken har godtatt betalingen. Vinduet lukker seg selv.',
            2000,
          );
        },
      );
      await basket.waitFor({ state: 'hidden', timeout: 30_000 });
      await scene.click(page.getByRole('tab', { name: /^Processing/ }));
      const processing = page.getByTestId(/^payment-row-/).filter({ hasText: invoice.supplier });
      await processing.waitFor();
      await processing.scrollIntoViewIfNeeded();
      await scene.say(
        `The payment is processing at ${bankName}, and is marked paid on its due date.`,
        `Betalingen behandles i ${bankName}, og merkes betalt på forfallsdatoen.`,
        4000,
      );
    },
  };
}

const invoiceWeb: Flow = {
  name: 'invoice-web',
  size: desktop,
  isPhone: false,
  play: async (scene) => {
    const { page } = scene;
    await page.goto(`${SANDBOX_URL}/peppol?lang=en`);
    const receiver = page.getByRole('combobox', { name: "Receiver's organisation number" });
    await receiver.waitFor({ timeout: 30_000 });
    await scene.pause(1000);
    scene.timeline.show(page);
    await scene.say(
      'A supplier sends an EHF invoice to the bakery through the PEPPOL network (played here by the sandbox).',
      'En leverandør sender en EHF-faktura til bakeriet gjennom PEPPOL-nettverket (her spilt av sandkassen).',
      3500,
    );
    await scene.type(receiver, bakery.organisationNumber);
    await page.keyboard.press('Tab');
    await scene.click(page.getByRole('button', { name: 'Send' }));
    await page.locator('[data-outcome="delivered"]').waitFor({ timeout: 60_000 });
    await scene.say('The invoice is delivered.', 'Fakturaen er levert.', 2500);
    await page.goto(`${PRODUCT_URL}/${bakery.alias}/inbox`);
    const row = page.getByTestId(/^inbox-row-/).first();
    await row.waitFor({ timeout: 30_000 });
    await scene.say(
      "In Bilag it arrives in the company's inbox by itself.",
      'I Bilag kommer den av seg selv inn i firmaets innboks.',
      3000,
    );
    await scene.click(row.getByRole('link'));
    const became = page.getByRole('region', { name: 'What it became' });
    await became.waitFor();
    await scene.say(
      'Bilag has read the invoice and made a voucher of it.',
      'Bilag har lest fakturaen og laget et bilag av den.',
      3000,
    );
    await scene.click(became.getByRole('link', { name: /^Voucher \d+$/ }));
    await page.getByTestId('voucher-form').waitFor();
    await scene.say(
      'Supplier, amount, account number, KID and due date come from the invoice itself.',
      'Leverandør, beløp, kontonummer, KID og forfallsdato kommer fra selve fakturaen.',
      3500,
    );
    const supplier = await page.getByTestId('field-supplier').inputValue();
    const paymentCard = page.getByRole('region', { name: 'Payment', exact: true });
    await scene.say('One click puts it on the payment list.', 'Ett klikk legger den i betalingslisten.', 600);
    await scene.click(paymentCard.getByRole('button', { name: 'Add to payment list' }));
    await paymentCard.getByRole('table').getByText('On payment list').waitFor();
    await scene.pause(2000);
    await scene.click(menuLink(page, 'Payments'));
    const payment = page.getByTestId(/^payment-row-/).filter({ hasText: supplier });
    await payment.waitFor({ timeout: 30_000 });
    await scene.pause(600);
    await scene.scroll(300);
    await payment.scrollIntoViewIfNeeded();
    const shown = await payment.boundingBox();
    if (shown) await page.mouse.move(shown.x + 60, shown.y + shown.height / 2, { steps: 20 });
    await scene.say(
      'There it waits for approval, ready to be signed and sent to the bank.',
      'Der venter den på godkjenning, klar til å signeres og sendes til banken.',
      4000,
    );
  },
};

// ---------------------------------------------------------------------------------------------------

async function recordTutorials(browser: Browser, workDir: string, wanted: ReadonlySet<string>) {
  const accountant = await signIn(ACCOUNTANT);
  const dueDate = addBankingDays(todayIsoDate('Europe/Oslo'), 3);
  // Each flow prepares what it starts from (outside the picture) just before it is recorded.
  const flows: Record<TutorialName, () => Promise<Flow>> = {
    overview: async () => {
      await givenInvoiceVoucher(browser, accountant, bakery, {
        supplier: 'Hamar Energi AS',
        supplierAddress: 'Vangsvegen 73, 2317 Hamar',
        organisationNumber: '976 584 201',
        number: '5512093',
        lines: [
          { text: 'Strøm oktober, 4 210 kWh', amountOre: 472_310 },
          { text: 'Nettleie oktober', amountOre: 189_450 },
        ],
        accountNumber: accountNumber('9714220381'),
        kid: createKid('5512093001', 'MOD10'),
        dueDate,
      });
      return overview;
    },
    android: async () => androidFlow(await receiptPng(browser)),
    'pay-dnb-android': async () =>
      paymentFlow(
        'pay-dnb-android',
        'DNB',
        await givenInvoiceVoucher(browser, accountant, bakery, {
          supplier: 'Mølleriet AS',
          supplierAddress: 'Kvernveien 3, 2321 Hamar',
          organisationNumber: '912 345 679',
          number: '20417',
          lines: [
            { text: 'Hvetemel 25 kg x 12', amountOre: 564_000 },
            { text: 'Rugmel 25 kg x 4', amountOre: 218_000 },
            { text: 'Frakt', amountOre: 45_000 },
          ],
          accountNumber: accountNumber('9710450123'),
          kid: createKid('2041700412', 'MOD10'),
          dueDate,
        }),
      ),
    'pay-sp1-android': async () => {
      await givenSpareBank1PaymentUser(accountant);
      return paymentFlow(
        'pay-sp1-android',
        'SpareBank 1',
        await givenInvoiceVoucher(browser, accountant, construction, {
          supplier: 'Byggmakker Hamar AS',
          supplierAddress: 'Industrigata 12, 2317 Hamar',
          organisationNumber: '923 111 448',
          number: '88120',
          lines: [
            { text: 'Konstruksjonsvirke 48x198, 120 m', amountOre: 1_122_000 },
            { text: 'Skruer og beslag', amountOre: 138_050 },
          ],
          accountNumber: accountNumber('9713120457'),
          kid: createKid('8812000921', 'MOD10'),
          dueDate,
        }),
      );
    },
    'invoice-web': async () => {
      const admin = await signIn(ADMIN);
      await call(admin, 'POST', '/api/main/company-services/ehf', { companyId: bakery.id });
      return invoiceWeb;
    },
  };
  mkdirSync(outputDir, { recursive: true });
  for (const name of TUTORIAL_NAMES) {
    if (wanted.size > 0 && !wanted.has(name)) continue;
    const flow = await flows[name]();
    console.log(`[tutorials] recording ${name}`);
    const recorded = await recordFlow(browser, flow, accountant, workDir);
    const target = path.join(outputDir, `${name}.webm`);
    const duration = encode(flow, recorded, target);
    for (const language of TUTORIAL_CAPTION_LANGUAGES)
      writeFileSync(
        path.join(outputDir, `${name}.${language}.vtt`),
        captionsFile(recorded, language, duration),
      );
    console.log(
      `[tutorials] ${name}: ${duration.toFixed(1)} s, ${Math.round(statSync(target).size / 1024)} kB`,
    );
  }
}

async function main() {
  const wanted = new Set(process.argv.slice(2));
  const unknown = [...wanted].filter((name) => !(TUTORIAL_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`No tutorial is named ${unknown.join(', ')}: ${TUTORIAL_NAMES.join(', ')}`);
  const workDir = mkdtempSync(path.join(tmpdir(), 'bilag-tutorials-'));
  try {
    const { chromium } = await loadPlaywright(workDir);
    const server = await startProduct(workDir);
    try {
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-gpu'],
      });
      try {
        await recordTutorials(browser, workDir, wanted);
      } finally {
        await browser.close();
      }
    } finally {
      await stopProduct(server);
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
