// The receipt as a one-page A4 PDF made with pdfkit (standard Helvetica: WinAnsi covers pt-BR accents, "R$" and the
// no-break space Intl puts after it). Same content as the HTML page, from the same Receipt object.
import type { Receipt } from '../../core/payments/receipt';

const ORANGE = '#ea580c';
const MUTED = '#57534e';
const INK = '#1c1917';

export interface PdfOptions {
  /** pdfkit compresses content streams by default; tests turn it off to read the text. */
  compress?: boolean;
  /** Fixed creation date (reproducible output); defaults to now. */
  creationDate?: Date;
}

export async function renderReceiptPdf(r: Receipt, options: PdfOptions = {}): Promise<Buffer> {
  // Loaded on the first receipt, not at start (pdfkit and its fonts cost a server's start-up time).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: options.compress ?? true,
    lang: 'pt-BR',
    info: { Title: `${r.title} ${r.number}`, Author: r.brand, Subject: r.description, CreationDate: options.creationDate ?? new Date() },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(24).fillColor(ORANGE).text(r.brand, left, 56);
  doc.font('Helvetica-Bold').fontSize(14).fillColor(INK).text(r.title, left, 60, { width, align: 'right' });
  doc.font('Courier').fontSize(10).fillColor(MUTED).text(r.number, left, 80, { width, align: 'right' });
  doc.moveTo(left, 100).lineTo(left + width, 100).lineWidth(2).strokeColor(ORANGE).stroke();

  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text(r.amount, left, 116);
  doc.moveDown(0.6);
  if (r.refundNote) {
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#b91c1c').text(r.refundNote, left);
    doc.moveDown(0.6);
  }

  const labelWidth = 170;
  for (const line of r.lines) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(line.label, left, y, { width: labelWidth });
    const afterLabel = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(line.value, left + labelWidth, y, { width: width - labelWidth });
    doc.y = Math.max(afterLabel, doc.y) + 4;
  }

  if (r.items.length) {
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text('Itens do pedido', left);
    doc.moveDown(0.4);
    const cols = [
      { x: left, w: width - 250, align: 'left' as const },
      { x: left + width - 250, w: 50, align: 'right' as const },
      { x: left + width - 200, w: 100, align: 'right' as const },
      { x: left + width - 100, w: 100, align: 'right' as const },
    ];
    const row = (cells: string[], bold: boolean) => {
      const y = doc.y;
      let bottom = y;
      cells.forEach((cell, i) => {
        const c = cols[i]!;
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor(bold ? MUTED : INK).text(cell, c.x, y, { width: c.w, align: c.align });
        bottom = Math.max(bottom, doc.y);
      });
      doc.y = bottom + 3;
    };
    row(['Item', 'Qtd.', 'Preço unitário', 'Subtotal'], true);
    for (const i of r.items) row([i.name, i.quantity, i.unitPrice, i.subtotal], false);
  }

  doc.moveDown(1.2);
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(0.5).strokeColor('#e7e5e4').stroke();
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(r.footer, left, doc.y, { width });
  doc.end();
  return done;
}
