// What a visitor does on a server-rendered page before the app has taken it over (web/boot.tsx hydrates it after the
// first paint, web/main.tsx) is kept and replayed once it has, instead of being lost: a button pressed on a phone while
// the app is still downloading does what it says a moment later, a <select> choice is made, and text typed into a field
// reaches the app's state. Links need no help (they are real links).
// Installed by web/main.tsx; the app calls markAppReady() once the page is hydrated (web/app/app-ready.tsx), which also
// sets <html data-app-ready>. Until then these events are kept from React: it may already be listening to the parts of
// the page it has hydrated, and, say, a language switched while the rest is still server HTML would make React hydrate
// that HTML in the other language.
type Replay = () => void;

let ready = false;
const pending: Replay[] = [];
/** The fields typed into, each replayed once with its latest text. Buttons are replayed once per press. */
const kept = new Set<Element>();

const inApp = (node: Element) => document.getElementById('root')?.contains(node) ?? false;

function keep(node: Element, replay: Replay, replaced?: Replay) {
  pending.push(() => (node.isConnected ? replay() : replaced?.()));
}

function keepOnce(node: Element, replay: Replay, replaced?: Replay) {
  if (kept.has(node)) return;
  kept.add(node);
  keep(node, replay, replaced);
}

function onClick(event: MouseEvent) {
  if (ready || !(event.target instanceof Element)) return;
  const button = event.target.closest('button, [role="button"]');
  if (!(button instanceof HTMLElement) || !inApp(button) || button.closest('a[href]')) return;
  // No native effect meanwhile (a form would be submitted to the page's own URL): the app does it on replay.
  event.preventDefault();
  event.stopPropagation();
  const path = pathFromRoot(button);
  const text = button.textContent;
  // Every press counts: three taps on "+" before the app is ready add three, as they would after.
  keep(button, () => button.click(), () => {
    // React may draw a part of the page afresh instead of hydrating it (a part whose data changed meanwhile): the
    // button pressed is then the same button at the same place, with the same text, in new nodes.
    const now = path && nodeAt(path);
    if (now instanceof HTMLElement && now.matches('button, [role="button"]') && now.textContent === text) now.click();
  });
}

/**
 * Elements that are not part of the page as drawn: the server's HTML carries React's resource hints (`<link
 * rel=preload>` for the pictures above the fold, and the like) at the start of #root, where the app drawn afresh has
 * none (it puts them in <head>). Counting them would shift every index after them.
 */
const HOISTED = new Set(['LINK', 'META', 'TITLE', 'STYLE', 'SCRIPT', 'TEMPLATE', 'NOSCRIPT']);
const drawnChildren = (parent: Element) => Array.prototype.filter.call(parent.children, (child: Element) => !HOISTED.has(child.tagName)) as Element[];

/** Where `node` sits under #root: its index among the drawn children at each level. */
function pathFromRoot(node: Element): number[] | null {
  const root = document.getElementById('root');
  const path: number[] = [];
  for (let at: Element | null = node; at && at !== root; at = at.parentElement) {
    if (!at.parentElement) return null;
    path.unshift(drawnChildren(at.parentElement).indexOf(at));
  }
  return path;
}

function nodeAt(path: number[]): Element | null {
  let at: Element | null = document.getElementById('root');
  for (const index of path) at = at ? (drawnChildren(at)[index] ?? null) : null;
  return at;
}

function onChange(event: Event) {
  const field = event.target;
  if (ready || !(field instanceof HTMLSelectElement) || !inApp(field)) return;
  event.stopPropagation();
  // Hydration may set a controlled <select> back to the value it was drawn with: the choice is made again.
  const value = field.value;
  pending.push(() => {
    if (!field.isConnected) return;
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** The text typed into each kept field, as it was typed. */
const typedText = new WeakMap<HTMLInputElement | HTMLTextAreaElement, string>();

const TEXT_TYPES = new Set(['text', 'search', 'tel', 'email', 'url', 'number', 'password']);

function onInput(event: Event) {
  const field = event.target;
  const text = (field instanceof HTMLInputElement && TEXT_TYPES.has(field.type)) || field instanceof HTMLTextAreaElement;
  if (ready || !text || !inApp(field)) return;
  event.stopPropagation();
  // The text as typed: React may set a controlled field back to its state when it re-renders it before the replay.
  typedText.set(field, field.value);
  const path = pathFromRoot(field);
  keepOnce(
    field,
    () => retype(field, typedText.get(field) ?? field.value),
    () => {
      // Drawn afresh instead of hydrated (a visitor with a cart, another language): the same field in the new nodes.
      const now = sameField(field, path);
      if (now) retype(now, typedText.get(field) ?? field.value);
    },
  );
}

/** The field that took `old`'s place: at the same place with the same kind and name, or the one field of that name. */
function sameField(old: HTMLInputElement | HTMLTextAreaElement, path: number[] | null): HTMLInputElement | HTMLTextAreaElement | null {
  const alike = (node: Element | null): node is HTMLInputElement | HTMLTextAreaElement =>
    (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) && node.type === old.type && node.name === old.name;
  const atPath = path && nodeAt(path);
  if (alike(atPath)) return atPath;
  if (!old.name) return null;
  const named = Array.from(document.getElementById('root')?.querySelectorAll(`[name="${CSS.escape(old.name)}"]`) ?? []).filter(alike);
  return named.length === 1 ? named[0]! : null;
}


/**
 * Puts the typed text back in the field and tells the app. React hydrates a field with the text already in it and takes
 * that text as known, so an `input` event alone would not reach its onChange: the field's value is first set through
 * its own setter (which React watches) to something else, then to the text through the element's native setter (which
 * React does not see).
 */
function retype(field: HTMLInputElement | HTMLTextAreaElement, typed: string) {
  const nativeSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  if (!nativeSetter) return;
  field.value = `${typed}\u0000`;
  nativeSetter.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Starts keeping early input (before the app is ready). */
export function keepEarlyInput() {
  document.addEventListener('click', onClick, true);
  document.addEventListener('change', onChange, true);
  document.addEventListener('input', onInput, true);
}

/** The app has hydrated (or drawn) the page: replays what was kept, in order, and stops keeping. */
export function markAppReady() {
  if (ready) return;
  ready = true;
  document.removeEventListener('click', onClick, true);
  document.removeEventListener('change', onChange, true);
  document.removeEventListener('input', onInput, true);
  document.documentElement.dataset.appReady = '';
  kept.clear();
  // In order, each in a task of its own: React commits what one replayed event changed (a field's text, a count) before
  // the next runs, so a button sees the text typed before it, and three presses of "+" add three (handlers replayed in
  // one task would all read the same, stale state).
  const replays = pending.splice(0);
  const next = () => {
    replays.shift()?.();
    if (replays.length > 0) setTimeout(next, 0);
  };
  next();
}
