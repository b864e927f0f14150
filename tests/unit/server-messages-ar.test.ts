/**
 * Every message the server can answer has its Arabic: the app shows a server text through `translateServer`, which
 * looks it up in `locales/ar.json` under `server` (exactly, or as a pattern with {{placeholders}}). The messages are
 * found in the source of `contract/` and `server/`:
 * - valibot messages (`v.string('…')`, `v.check(…, '…')`) and the arguments of helpers that take a message;
 * - the errors the server answers (`ApiError`, `validationError`, `notFound`, `forbidden`, `conflict`, ...);
 * - `message:` and `description:` of an answer's body;
 * - message tables: top-level constants in capitals whose entries are sentences (`OPS`, `BM`, `HSM`).
 * A template literal is a pattern: its `${…}` parts may stand for anything, and one dictionary entry must fit it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { lookupServerText } from '../../src/i18n';

const ROOT = join(__dirname, '../..');
const AR = (ar as unknown as { server: Record<string, string> }).server;
const EN = (en as unknown as { server: Record<string, string> }).server;

/** Where the server writes to people in their language already (mails, documents) or to no person (seeds, logs). */
const NOT_ANSWERS = [
  /^server\/documents\//, /(^|\/)mails?\.ts$/, /^server\/mail\//, /(^|\/)seed[\w-]*\.ts$/, /^server\/db\//, /^server\/cli\//,
  /^server\/reference\//, /^server\/suppliers\/hotel\//,
  // A display's issues travel with a code and values the app words; their English message is for other clients.
  /^server\/pnr\/display\/issues\.ts$/, /^server\/insurance\/document\.ts$/, /^server\/payments\/sandbox\.ts$/, /^server\/supplier-console\/page/,
  // The API's document is written for the developers who read it, in English, as its schemas' names are.
  /^server\/openapi\/(?!routes\.ts$)/,
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : /\.ts$/.test(f) && !f.endsWith('.d.ts') ? [p] : [];
  });
}

/** A message reads as a sentence: a capital first, then words. */
const isSentence = (s: string) => /^[A-Z{]/.test(s) && /[a-z]/.test(s) && /\s/.test(s.trim());
const ERROR_CALLS = new Set(['ApiError', 'validationError', 'notFound', 'forbidden', 'conflict', 'unauthenticated', 'tooMany', 'badRequest', 'fieldErrors']);
/** valibot calls whose string argument is a value, not a message. */
const VALUE_CALLS = new Set(['literal', 'title', 'description', 'metadata', 'brand', 'flavor', 'variant', 'key']);

interface Found { text: string; pattern: RegExp | null; where: string }

/** A literal's text, or a template as a pattern (each `${…}` any text) and its sample with the parts shown. */
function literalOf(node: ts.Node): { text: string; pattern: RegExp | null } | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return { text: node.text, pattern: null };
  if (!ts.isTemplateExpression(node)) return null;
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let text = node.head.text, re = esc(node.head.text);
  for (const span of node.templateSpans) {
    text += `\${${span.expression.getText()}}${span.literal.text}`;
    re += `(.+?)${esc(span.literal.text)}`;
  }
  return { text, pattern: new RegExp(`^${re}$`) };
}

const calleeName = (e: ts.Expression): string | null =>
  ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) ? e.name.text : null;
const isValibot = (e: ts.Expression) => ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'v';

/** Names of functions that take a message (a parameter called message or msg), in every file. */
function messageHelpers(files: ts.SourceFile[]): Set<string> {
  const names = new Set<string>();
  const visit = (n: ts.Node) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && (ts.isArrowFunction(n.initializer) || ts.isFunctionExpression(n.initializer))) {
      if (n.initializer.parameters.some((p) => /^(message|msg)$/.test(p.name.getText()))) names.add(n.name.text);
    }
    if (ts.isFunctionDeclaration(n) && n.name && n.parameters.some((p) => /^(message|msg)$/.test(p.name.getText()))) names.add(n.name.text);
    ts.forEachChild(n, visit);
  };
  files.forEach(visit);
  return names;
}

function findMessages(): Found[] {
  const paths = [...sources(join(ROOT, 'contract')), ...sources(join(ROOT, 'server'))]
    .filter((p) => !NOT_ANSWERS.some((re) => re.test(relative(ROOT, p))));
  const files = paths.map((p) => ts.createSourceFile(relative(ROOT, p), readFileSync(p, 'utf8'), ts.ScriptTarget.Latest, true));
  const helpers = messageHelpers(files);
  const out: Found[] = [];
  for (const file of files) {
    const add = (n: ts.Node) => {
      const lit = literalOf(n);
      if (lit && isSentence(lit.text)) out.push({ ...lit, where: `${file.fileName}:${file.getLineAndCharacterOfPosition(n.getStart()).line + 1}` });
    };
    /** Every literal inside a message-bearing expression, through arrays, objects, conditions and templates' heads. */
    const collect = (n: ts.Node): void => {
      if (literalOf(n)) return add(n);
      if (ts.isCallExpression(n) && !isValibot(n.expression)) return; // another call's arguments are its own
      ts.forEachChild(n, collect);
    };
    /** A message table's entries: a sentence, or an arrow function that answers one. */
    const table = (o: ts.ObjectLiteralExpression) => {
      if (o.properties.some((p) => p.name && /^(en|ar)$/.test(p.name.getText()))) return; // bilingual words, not answers
      for (const p of o.properties) {
        if (!ts.isPropertyAssignment(p)) continue;
        const v = p.initializer;
        if (ts.isArrowFunction(v)) collect(v.body);
        else if (ts.isObjectLiteralExpression(v)) table(v);
        else if (literalOf(v) && /[.!?]$/.test(literalOf(v)!.text)) add(v);
      }
    };
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) || ts.isNewExpression(n)) {
        const name = calleeName(n.expression);
        const args = n.arguments ?? ts.factory.createNodeArray();
        if (isValibot(n.expression) && name && !VALUE_CALLS.has(name)) {
          // A requirement first (a prefix, a value), the message last.
          args.forEach((a, i) => { if (i === args.length - 1 || !literalOf(a)) collect(a); });
        } else if (name && (ERROR_CALLS.has(name) || helpers.has(name))) args.forEach(collect);
      }
      // An answer's `message`, or the `description` of a message object ({status, description}).
      if (ts.isPropertyAssignment(n) && !ts.isArrowFunction(n.initializer) && (n.name.getText() === 'message'
        || (n.name.getText() === 'description' && n.parent.properties.some((p) => p.name?.getText() === 'status')))) collect(n.initializer);
      if (ts.isParameter(n) && /^(message|msg)$/.test(n.name.getText()) && n.initializer) collect(n.initializer);
      if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && /^[A-Z][A-Z0-9_]*$/.test(n.name.text) && n.initializer && ts.isVariableStatement(n.parent.parent) && n.parent.parent.parent === file) {
        const init = ts.isAsExpression(n.initializer) || ts.isSatisfiesExpression(n.initializer) ? n.initializer.expression : n.initializer;
        if (ts.isObjectLiteralExpression(init)) table(init);
        else if (literalOf(init)) add(init);
      }
      ts.forEachChild(n, visit);
    };
    visit(file);
  }
  return out;
}

/** A dictionary entry that says this message: the same text, or a pattern that fits it either way round. */
function hasEntry(dict: Record<string, string>, m: Found): boolean {
  if (!m.pattern) return m.text in dict || lookupServerText(dict, m.text) !== m.text;
  return Object.keys(dict).some((k) => m.pattern!.test(k));
}

describe('server messages in Arabic', () => {
  const found = findMessages();

  it('finds the messages (the scan itself works)', () => {
    const texts = found.map((m) => m.text);
    // One of each kind: a valibot message, an error helper's, a table's, a body's, a template.
    for (const s of ['Enter a valid email address.', 'Booking not found.', 'Booking canceled and its seats released.', 'Registered successfully.']) expect(texts).toContain(s);
    expect(found.some((m) => m.pattern && m.text.startsWith('Only a held booking can be canceled'))).toBe(true);
  });

  it('every message the server can answer has its Arabic (and its English entry)', () => {
    const missing = [...new Map(found.filter((m) => !hasEntry(AR, m)).map((m) => [m.text, m.where])).entries()].map(([text, where]) => `${where}  ${text}`);
    expect(missing).toEqual([]);
    const missingEn = [...new Set(found.filter((m) => !hasEntry(EN, m)).map((m) => m.text))];
    expect(missingEn).toEqual([]);
  });
});
