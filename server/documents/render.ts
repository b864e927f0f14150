/**
 * The one PDF renderer: draws any DocumentModel (model.ts) on A4, left to right in English and right to left in
 * Arabic, with Latin digits in both. pdfkit (and its font engine, which joins Arabic letters) and bidi-js are
 * imported on the first document, so a server that never renders one does not load them.
 */
import type { DocBlock, DocLang, DocumentModel } from './model';
import { FONTS, loadFonts } from './fonts';
import { hasArabic, lineIsRtl, visualRuns, type VisualRun } from './bidi';
import { encodeWithLetters } from './glyph-text';

type Pdf = PDFKit.PDFDocument;
type Bidi = ReturnType<typeof import('bidi-js').default>;

let libs: Promise<{ PDFDocument: typeof import('pdfkit'); bidi: Bidi }> | null = null;
const load = () => (libs ??= Promise.all([import('pdfkit'), import('bidi-js'), loadFonts()]).then(([p, b]) => ({ PDFDocument: p.default, bidi: b.default() })));

const PAGE = { width: 595.28, height: 841.89, margin: 42 };
const INK = '#1d2733', MUTED = '#5b6776', BRAND = '#0b6bcb', RULE = '#d5dde6', BAND = '#eef3f8';

export interface RenderOptions { /** Uncompressed content streams (tests read the text). */ compress?: boolean }

export async function renderPdf(model: DocumentModel, lang: DocLang, opts: RenderOptions = {}): Promise<Buffer> {
  const { PDFDocument, bidi } = await load();
  const doc = new PDFDocument({
    size: 'A4', margin: 0, compress: opts.compress ?? true, bufferPages: true, lang,
    info: { Title: `${model.title} ${model.reference.value}`, Author: model.issuer.name, Subject: model.subject ?? model.title },
  });
  // pdfkit accepts a parsed font object besides a file (its types say only the latter).
  const register = (name: string, font: unknown) => doc.registerFont(name, font as Buffer);
  register('lat', FONTS.latin());
  register('lat-b', FONTS.latinBold());
  register('ar', FONTS.arabic());
  register('ar-b', FONTS.arabicBold());
  // Each glyph reads back as its own letters (glyph-text.ts); pdfkit makes a font's PDF object when it is first chosen.
  for (const name of ['lat', 'lat-b', 'ar', 'ar-b']) encodeWithLetters((doc.font(name) as unknown as { _font: unknown })._font);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => { doc.on('end', () => resolve(Buffer.concat(chunks))); doc.on('error', reject); });
  new Writer(doc, bidi, lang === 'ar').document(model);
  doc.end();
  return done;
}

interface Style { size: number; bold?: boolean; color?: string }
type Align = 'start' | 'end';

/** Draws in "inline" coordinates: an offset from the start edge (left in English, right in Arabic). */
class Writer {
  private y = PAGE.margin;
  private readonly width = PAGE.width - 2 * PAGE.margin;
  constructor(private readonly doc: Pdf, private readonly bidi: Bidi, private readonly rtl: boolean) {}

  document(m: DocumentModel) {
    this.head(m);
    for (const b of m.blocks) this.block(b);
    this.footer(m.footer, m.voidMark);
  }

  private head(m: DocumentModel) {
    const half = this.width / 2;
    const top = this.y;
    this.line(m.issuer.name, 0, half, { size: 18, bold: true, color: BRAND });
    this.y += 24;
    for (const l of m.issuer.lines) { this.line(l, 0, half, { size: 8.5, color: MUTED }); this.y += 11; }
    const left = this.y;
    this.y = top;
    this.line(m.title, half, half, { size: 15, bold: true }, 'end');
    this.y += 21;
    this.line(m.reference.label, half, half, { size: 8.5, color: MUTED }, 'end');
    this.y += 11;
    this.line(m.reference.value, half, half, { size: 14, bold: true }, 'end');
    this.y += 18;
    if (m.status) { this.line(m.status, half, half, { size: 9, bold: true, color: BRAND }, 'end'); this.y += 12; }
    this.y = Math.max(this.y, left) + 6;
    this.rule(INK, 1);
    this.y += 12;
  }

  private block(b: DocBlock) {
    if (b.title) this.title(b.title);
    if (b.kind === 'rows') this.rows(b.rows);
    else if (b.kind === 'table') this.table(b.columns, b.rows, b.widths);
    else if (b.kind === 'totals') this.totals(b.rows);
    else this.notes(b.lines);
    this.y += 10;
  }

  private title(text: string) {
    this.ensure(40);
    this.line(text, 0, this.width, { size: 11, bold: true, color: BRAND });
    this.y += 18;
    this.rule(RULE, 0.75);
    this.y += 6;
  }

  private rows(rows: { label: string; value: string }[]) {
    const cell = this.width / 2;
    for (let i = 0; i < rows.length; i += 2) {
      const pair = rows.slice(i, i + 2);
      const wrapped = pair.map((r) => this.wrap(r.value, cell - 10, { size: 10 }));
      const h = 12 + Math.max(...wrapped.map((w) => w.length)) * 13 + 5;
      this.ensure(h);
      pair.forEach((r, k) => {
        this.line(r.label, k * cell, cell - 10, { size: 8, color: MUTED });
        wrapped[k].forEach((l, n) => this.line(l, k * cell, cell - 10, { size: 10 }, 'start', this.y + 12 + n * 13));
      });
      this.y += h;
    }
  }

  private table(columns: string[], rows: string[][], widths?: number[]) {
    const shares = widths ?? columns.map(() => 1);
    const sum = shares.reduce((a, b) => a + b, 0);
    const w = shares.map((s) => (s / sum) * this.width);
    const offsets = w.map((_, i) => w.slice(0, i).reduce((a, b) => a + b, 0));
    const row = (cells: string[], style: Style, band: boolean) => {
      const wrapped = cells.map((c, i) => this.wrap(c, w[i] - 8, style));
      const h = Math.max(...wrapped.map((l) => l.length)) * (style.size + 3.5) + 8;
      this.ensure(h);
      if (band) this.doc.rect(PAGE.margin, this.y, this.width, h).fill(BAND);
      wrapped.forEach((lines, i) => lines.forEach((l, n) => this.line(l, offsets[i] + 4, w[i] - 8, style, 'start', this.y + 4 + n * (style.size + 3.5))));
      this.y += h;
      this.rule(RULE, 0.5);
    };
    row(columns, { size: 8.5, bold: true, color: MUTED }, true);
    for (const r of rows) row(r, { size: 9.5 }, false);
  }

  private totals(rows: { label: string; value: string; strong?: boolean }[]) {
    const from = this.width * 0.45, span = this.width - from;
    for (const r of rows) {
      const style: Style = { size: r.strong ? 12 : 10, bold: r.strong };
      this.ensure(20);
      if (r.strong) { this.y += 3; this.rule(INK, 0.75, from); this.y += 5; }
      this.line(r.label, from, span * 0.55, { ...style, color: r.strong ? INK : MUTED });
      this.line(r.value, from + span * 0.55, span * 0.45, style, 'end');
      this.y += style.size + 7;
    }
  }

  private notes(lines: string[]) {
    for (const p of lines) {
      for (const l of this.wrap(p, this.width, { size: 8.5 })) {
        this.ensure(12);
        this.line(l, 0, this.width, { size: 8.5, color: MUTED });
        this.y += 11.5;
      }
      this.y += 3;
    }
  }

  private footer(text?: string, voidMark?: string) {
    const range = this.doc.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      this.doc.switchToPage(range.start + i);
      if (voidMark) this.voidMark(voidMark);
      const y = PAGE.height - PAGE.margin + 12;
      const label = `${text ? `${text}   ` : ''}${i + 1}/${range.count}`;
      this.line(label, 0, this.width, { size: 7.5, color: MUTED }, 'start', y);
    }
  }

  /** The mark across the page, large, faint and turned, over whatever the page holds. */
  private voidMark(text: string) {
    const style: Style = { size: 96, bold: true, color: '#c62828' };
    const total = this.measure(text, style);
    this.doc.save();
    this.doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
    this.doc.fillOpacity(0.16);
    this.line(text, (this.width - total) / 2, total, style, 'start', PAGE.height / 2 - style.size / 2);
    this.doc.restore();
  }

  // ---- primitives ----------------------------------------------------------------------------------------

  private ensure(h: number) {
    if (this.y + h <= PAGE.height - PAGE.margin - 10) return;
    this.doc.addPage({ size: 'A4', margin: 0 });
    this.y = PAGE.margin;
  }

  private rule(color: string, width: number, from = 0) {
    const [x0, x1] = this.rtl ? [PAGE.margin, PAGE.margin + this.width - from] : [PAGE.margin + from, PAGE.margin + this.width];
    this.doc.moveTo(x0, this.y).lineTo(x1, this.y).lineWidth(width).strokeColor(color).stroke();
  }

  /**
   * Pieces of a run drawn with one font each, in the order they are seen. pdfkit lays text out word by word in
   * reading order (and drops the spaces of an Arabic phrase), so a right-to-left run is cut into words and
   * spaces here, each word laid out alone (the font engine joins its letters and reverses it) and the words placed
   * from the right.
   */
  private pieces(run: VisualRun): { text: string; font: string }[] {
    const out: { text: string; arabic: boolean }[] = [];
    for (const token of run.rtl ? run.text.split(/( +)/).filter(Boolean) : [run.text]) {
      const start = out.length;
      for (const ch of token) {
        const arabic = hasArabic(ch) || (ch === ' ' && run.arabic);
        const last = out.length > start ? out[out.length - 1] : undefined;
        if (last && last.arabic === arabic) last.text += ch;
        else out.push({ text: ch, arabic });
      }
    }
    if (run.rtl) out.reverse();
    // Any piece of a right-to-left run without Arabic letters (a bracket, a comma) is reversed here.
    return out.map((p) => ({ text: run.rtl && !hasArabic(p.text) ? [...p.text].reverse().join('') : p.text, font: p.arabic ? 'ar' : 'lat' }));
  }

  private measure(text: string, s: Style): number {
    let w = 0;
    for (const run of visualRuns(this.bidi, text, this.rtl)) {
      for (const p of this.pieces(run)) w += this.doc.font(p.font + (s.bold ? '-b' : '')).fontSize(s.size).widthOfString(p.text);
    }
    return w;
  }

  /** Greedy word wrap in reading order; each line is then reordered on its own, as the bidi algorithm says. */
  private wrap(text: string, width: number, s: Style): string[] {
    const out: string[] = [];
    for (const para of text.split('\n')) {
      // Every line of a paragraph keeps the paragraph's direction (a mark the drawing reads, then drops).
      const mark = lineIsRtl(para, this.rtl) ? '\u200F' : '\u200E';
      const start = out.length;
      let line = '';
      for (const word of para.split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (line && this.measure(next, s) > width) { out.push(line); line = word; } else line = next;
      }
      out.push(line);
      for (let i = start; i < out.length; i++) out[i] = mark + out[i];
    }
    return out;
  }

  /** One line in the box [start, start + width) of the inline axis, at this.y (or y). */
  private line(text: string, start: number, width: number, s: Style, align: Align = 'start', y = this.y) {
    const total = this.measure(text, s);
    const boxX = this.rtl ? PAGE.margin + this.width - start - width : PAGE.margin + start;
    const atRight = (align === 'start') === this.rtl;
    let x = atRight ? boxX + width - total : boxX;
    for (const run of visualRuns(this.bidi, text, this.rtl)) {
      for (const p of this.pieces(run)) {
        this.doc.font(p.font + (s.bold ? '-b' : '')).fontSize(s.size).fillColor(s.color ?? INK);
        this.doc.text(p.text, x, y, { lineBreak: false });
        x += this.doc.widthOfString(p.text);
      }
    }
  }
}
