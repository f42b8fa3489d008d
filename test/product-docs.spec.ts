import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/**
 * The product description (docs/product.md) is the one place that says what a screen, a setting
 * or a call is for; comments and the other pages point to its headings. This keeps those
 * pointers whole: every `docs/product.md#<anchor>` names a heading that exists (GitHub's anchors),
 * and nothing points to a description kept outside the repository instead.
 */
const root = path.resolve(__dirname, '..');
const PRODUCT = path.join(root, 'docs/product.md');
const SOURCE_DIRS = ['apps', 'libs', 'test', 'e2e', 'scripts', 'bench', 'migrations'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.data']);
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;

// Written in pieces so that this file does not itself hold what it looks for.
/** A description kept outside the repository, cited by section or by its path: nowhere. */
const OUTSIDE_DESCRIPTION = [new RegExp(['S', 'PEC'].join('') + '\\s*§'), new RegExp(['shared', 'spec'].join('/'))];
/**
 * In a comment, also the outside description by name (SPECS or SPECIAL_TENANTS are names of the
 * code's own) or the folder beside the repository (an import of a module of that name is code).
 */
const IN_COMMENTS = [...OUTSIDE_DESCRIPTION, /\bSPEC\b/, new RegExp(['\\.\\.', 'shared'].join('/') + '\\b')];
const ANCHOR = /(?:docs\/)?product\.md#([A-Za-z0-9_-]+)/g;

function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) || entry.name.startsWith('.') ? [] : files(full, keep);
    return keep(entry.name) ? [full] : [];
  });
}

const sources = (): string[] => [
  ...SOURCE_DIRS.flatMap((dir) => files(path.join(root, dir), (name) => CODE.test(name))),
  ...readdirSync(root)
    .filter((name) => CODE.test(name))
    .map((name) => path.join(root, name)),
];
const markdown = (): string[] => [path.join(root, 'README.md'), ...files(path.join(root, 'docs'), (name) => name.endsWith('.md'))];

/** Every comment of a script, found by the TypeScript parser (so a `//` inside a string or a regular expression is not one). */
function commentsOf(file: string, text: string): { line: number; text: string }[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : /\.[mc]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Map<number, string>();
  const collect = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) seen.set(r.pos, text.slice(r.pos, r.end));
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  return [...seen.entries()].sort(([a], [b]) => a - b).map(([pos, comment]) => ({ line: source.getLineAndCharacterOfPosition(pos).line + 1, text: comment }));
}

/** A heading's anchor as GitHub makes it: the text in lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  const plain = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase();
  return plain.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Every anchor of a Markdown page, repeated headings numbered as GitHub numbers them (-1, -2…). */
function anchorsOf(markdownText: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  let fenced = false;
  for (const line of markdownText.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
    if (!heading) continue;
    const base = slug(heading[1]);
    const n = counts.get(base) ?? 0;
    counts.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

const relative = (file: string) => path.relative(root, file);

describe('docs/product.md and what points to it', () => {
  const product = readFileSync(PRODUCT, 'utf8');
  const anchors = anchorsOf(product);

  it('makes anchors as GitHub does', () => {
    expect(slug('Pause, delay and resume')).toBe('pause-delay-and-resume');
    expect(slug('Check-in')).toBe('check-in');
    expect(slug('Card payment (`/payment`)')).toBe('card-payment-payment');
    expect([...anchorsOf('# A\n## Calls\n```\n# not a heading\n```\n### Calls\n')]).toEqual(['a', 'calls', 'calls-1']);
  });

  it('has a heading for every docs/product.md#<anchor> in the code, the tests and the docs', () => {
    const pointers = [...sources(), ...markdown()].flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return text.split('\n').flatMap((line, i) => [...line.matchAll(ANCHOR)].map((m) => ({ at: `${relative(file)}:${i + 1}`, anchor: m[1] })));
    });
    // The page's own links to its sections: (#anchor).
    product.split('\n').forEach((line, i) => {
      for (const m of line.matchAll(/\]\(#([A-Za-z0-9_-]+)\)/g)) pointers.push({ at: `docs/product.md:${i + 1}`, anchor: m[1] });
    });
    expect(pointers.length).toBeGreaterThan(50);
    expect(pointers.filter((p) => !anchors.has(p.anchor)).map((p) => `${p.at} → #${p.anchor}`)).toEqual([]);
  });

  it('is the description every comment points to: no comment names one kept outside the repository', () => {
    const all = sources();
    expect(all.length).toBeGreaterThan(300);
    const found = all.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      // Only a file that holds one of the words at all is parsed.
      if (!IN_COMMENTS.some((re) => re.test(text))) return [];
      return commentsOf(file, text)
        .filter((comment) => IN_COMMENTS.some((re) => re.test(comment.text)))
        .map(({ line, text: comment }) => `${relative(file)}:${line}: ${comment.split('\n')[0].trim()}`);
    });
    expect(found).toEqual([]);
  });

  it('is the description the other pages and the test names point to, too', () => {
    const found = [...markdown(), ...sources()].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (OUTSIDE_DESCRIPTION.some((re) => re.test(line)) ? [`${relative(file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
