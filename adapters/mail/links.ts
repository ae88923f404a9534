// Finds the http(s) links in a plain-text e-mail body: for the console line and the clickable /dev/mailbox page.

// Stops at whitespace and at characters that cannot end a URL in prose (quotes, angle brackets).
const LINK_PATTERN = /https?:\/\/[^\s<>"']+/g;
// Sentence punctuation right after a link belongs to the sentence, not to the link.
const TRAILING = /[.,;:!?)\]]+$/;

export type TextPart = { text: string; link: boolean };

/** Splits text into plain and link parts, in order; joining every part's text gives the input back. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK_PATTERN)) {
    const link = match[0].replace(TRAILING, '');
    if (!/^https?:\/\/./.test(link)) continue;
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start), link: false });
    parts.push({ text: link, link: true });
    last = start + link.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), link: false });
  return parts;
}

export function findLinks(text: string): string[] {
  return splitLinks(text)
    .filter((p) => p.link)
    .map((p) => p.text);
}
