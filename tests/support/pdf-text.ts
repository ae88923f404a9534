// The text drawn in a pdfkit PDF, for assertions: every content stream (inflated when FlateDecode), its TJ operators'
// hex strings decoded as Latin-1 (what WinAnsi is for the characters our receipts use). Not a general PDF reader.
import { inflateSync } from 'node:zlib';

export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const runs: string[] = [];
  for (const m of source.matchAll(/<<([^]*?)>>\s*stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = source.indexOf('endstream', start);
    let body = pdf.subarray(start, end);
    if (m[1]!.includes('/FlateDecode')) {
      try {
        body = inflateSync(body);
      } catch {
        continue; // a font or image stream we don't need
      }
    }
    for (const tj of body.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      runs.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''));
    }
  }
  return runs.join('\n');
}
