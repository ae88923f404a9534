// The theme experiment in the browser (docs/product/theme-experiment.md): assigns the variant once, applies its hue,
// enrols the visitor and sends interaction events in batches (sendBeacon when the page is hidden). Tracking never
// slows a page and fails silently: every error here is swallowed.
import { assignThemeVariant, isThemeVariant, THEME_EXPERIMENT_NAME, THEME_VARIANT_HUES, THEME_VARIANT_STORAGE_KEY, type ThemeVariant } from '../../core/experiments/theme-variant';
import type { ApiAnswer } from './api-client';

const ANONYMOUS_ID_KEY = 'theme_experiment_anonymous_id';
const PARTICIPANT_KEY = 'theme_experiment_participant';
const FLUSH_MS = 4_000;
/** The server's cap per batch (core/experiments/schemas.ts MAX_EVENTS_PER_BATCH). */
const BATCH = 50;
const MAX_QUEUE = 200;

interface QueuedEvent {
  event_name: string;
  metadata: Record<string, unknown>;
}

let variant: ThemeVariant | null = null;
let participantId: string | null = null;
let queue: QueuedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let started = false;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Storage blocked (private mode): the assignment lasts for this page only.
  }
}

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The visitor's variant: the stored one, or a new 50/50 draw that is then kept. */
export function themeVariant(): ThemeVariant {
  if (variant) return variant;
  // The page's inline theme script has usually assigned it already (stored, and on <html> if storage is blocked).
  const assigned = assignThemeVariant(read(THEME_VARIANT_STORAGE_KEY) ?? document.documentElement.dataset.themeVariant, Math.random);
  if (assigned.isNew) write(THEME_VARIANT_STORAGE_KEY, assigned.variant);
  variant = assigned.variant;
  return variant;
}

/** Paints the variant's primary hue over the accent tokens of styles.css (hue 45 golden, 25 friendship). */
export function applyThemeVariant(v: ThemeVariant = themeVariant()) {
  const root = document.documentElement;
  const hue = THEME_VARIANT_HUES[v];
  root.dataset.themeVariant = v;
  // Every accent token of web/styles.css derives from the hue (and the variant, for the text's lightness).
  root.style.setProperty('--accent-hue', String(hue));
}

function anonymousId(): string {
  let id = read(ANONYMOUS_ID_KEY);
  if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    id = randomId();
    write(ANONYMOUS_ID_KEY, id);
  }
  return id;
}

async function enrol(): Promise<void> {
  const anonymous_id = anonymousId();
  const cached = read(PARTICIPANT_KEY);
  if (cached?.startsWith(`${anonymous_id}:`)) participantId = cached.slice(anonymous_id.length + 1);
  try {
    // Idempotent on the server; sent every visit so the httpOnly cookie that links sign-ups stays set. Plain fetch:
    // the tracker starts before the app's modules load; the answer is still typed from the API description.
    // eslint-disable-next-line no-restricted-syntax
    const res = await fetch('/api/experiments/participants', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ experiment: THEME_EXPERIMENT_NAME, variant: themeVariant(), anonymous_id }),
    });
    if (!res.ok) return;
    const body = (await res.json()) as Partial<ApiAnswer<'/api/experiments/participants', 'post'>>;
    // The server's record wins (a signed-in user keeps the variant first given): the page follows it.
    if (isThemeVariant(body.variant) && body.variant !== variant) {
      variant = body.variant;
      write(THEME_VARIANT_STORAGE_KEY, body.variant);
      applyThemeVariant(body.variant);
    }
    if (body.id) {
      participantId = body.id;
      write(PARTICIPANT_KEY, `${anonymous_id}:${body.id}`);
      if (queue.length) schedule();
    }
  } catch {
    // Offline or the server is down: interactions wait in memory for the next flush.
  }
}

function payload(events: QueuedEvent[]) {
  return JSON.stringify({ events: events.map((e) => ({ participant_id: participantId, event_type: 'interaction', ...e })) });
}

function schedule() {
  if (timer !== null) return;
  timer = setTimeout(() => {
    timer = null;
    void flush();
  }, FLUSH_MS);
}

/** Sends what is queued; `beacon` when the page is going away (pagehide). */
export async function flush(beacon = false): Promise<void> {
  if (!participantId || !queue.length) return;
  while (queue.length) {
    const batch = queue.splice(0, BATCH);
    const body = payload(batch);
    try {
      if (beacon && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon('/api/experiments/events', new Blob([body], { type: 'application/json' }))) continue;
      // eslint-disable-next-line no-restricted-syntax -- keepalive on pagehide, which openapi-fetch does not pass on
      await fetch('/api/experiments/events', { method: 'POST', headers: { 'content-type': 'application/json' }, credentials: 'same-origin', body, keepalive: beacon });
    } catch {
      // Dropped: tracking is best effort and never bothers the user.
    }
  }
}

/** Queues an interaction (a landing button, …); it leaves with the next batch. */
export function trackInteraction(eventName: string, metadata: Record<string, unknown> = {}): void {
  try {
    if (queue.length >= MAX_QUEUE) queue.shift();
    queue.push({ event_name: eventName, metadata: { path: window.location.pathname, ...metadata } });
    if (participantId) schedule();
  } catch {
    // never surfaces
  }
}

/** Once per page load, before the first render: variant, hue, enrolment and the pagehide flush. */
export function startThemeExperiment(): void {
  if (started) return;
  started = true;
  try {
    // Painted before the first style pass by the inline theme script (web/theme-init-script.ts) unless it did not run:
    // painting the same hue again would restyle the whole page once more.
    const v = themeVariant();
    if (document.documentElement.dataset.themeVariant !== v) applyThemeVariant(v);
    void enrol();
    window.addEventListener('pagehide', () => void flush(true));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') void flush(true);
    });
  } catch {
    // never surfaces
  }
}

/** For tests: forget the in-memory state. */
export function resetThemeExperimentForTests() {
  variant = null;
  participantId = null;
  queue = [];
  started = false;
  if (timer !== null) clearTimeout(timer);
  timer = null;
}
