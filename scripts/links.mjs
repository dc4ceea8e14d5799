#!/usr/bin/env node
// Fails on a broken link of the documentation, without the network: in README.md,
// CONTRIBUTING.md, CHANGELOG.md, bench/README.md and docs/**/*.md (but the generated docs/api),
//  - a relative link must name a file or folder of the repository, and its #anchor a heading of
//    that page; a bare #anchor, a heading of its own page;
//  - a link to the repository (https://github.com/agents-testkit/agents-testkit/blob|tree/main/…)
//    must name a path that exists here, and its #anchor a heading of that page;
//  - a page that ships in the tarball (README.md, CHANGELOG.md) links by a relative path only to
//    files that ship too: the registry shows the README alone, so a link to any other file must be
//    a repository URL (CONTRIBUTING.md#documentation-links).
// Other web links are not followed. Code blocks and inline code are skipped.
//
//   node scripts/links.mjs [root]   — root defaults to the working directory
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const root = process.argv[2] ?? '.';
const repository = 'https://github.com/agents-testkit/agents-testkit/';
const shipping = ['README.md', 'CHANGELOG.md'];

const guides = existsSync(join(root, 'docs'))
  ? readdirSync(join(root, 'docs'), { recursive: true }).filter((file) => file.endsWith('.md') && !file.startsWith('api')).map((file) => `docs/${file}`)
  : [];
const pages = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'bench/README.md', ...guides.sort()].filter((page) => existsSync(join(root, page)));

// What the tarball holds at its root besides `files`: npm always packs these.
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const shipped = (path) => ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE'].includes(path) || (pkg.files ?? []).some((entry) => path === entry || path.startsWith(`${entry}/`));

/** A page's text without fenced code blocks and inline code (their links are no links). */
const prose = (text) => text.replace(/^( *)(```|~~~)[\s\S]*?^\1\2 *$/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchors of a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
const anchorCache = new Map();
function anchorsOf(page) {
  if (anchorCache.has(page)) return anchorCache.get(page);
  const text = readFileSync(join(root, page), 'utf8').replace(/^( *)(```|~~~)[\s\S]*?^\1\2 *$/gm, '');
  const seen = new Map();
  const anchors = new Set();
  for (const [, heading] of text.matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const slug = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const [, id] of text.matchAll(/<a (?:name|id)="([^"]+)"/g)) anchors.add(id);
  anchorCache.set(page, anchors);
  return anchors;
}

const problems = [];
let checked = 0;
for (const page of pages) {
  const text = prose(readFileSync(join(root, page), 'utf8'));
  const targets = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g), ...text.matchAll(/^\[[^\]]+\]:\s*(\S+)/gm)].map((match) => match[1]);
  for (const target of targets) {
    checked += 1;
    const broken = (why) => problems.push(`${page}: (${target}) ${why}`);
    const [address, anchor] = target.split('#');
    let path;
    if (address.startsWith(repository)) {
      const inRepo = /^(?:blob|tree)\/main\/(.+)$/.exec(address.slice(repository.length));
      if (!inRepo) {
        if (!/^(?:issues|pulls|releases|actions)?(?:\/.*)?$/.test(address.slice(repository.length))) broken('names no file of the repository: use …/blob/main/<path>');
        continue;
      }
      path = normalize(decodeURIComponent(inRepo[1]));
    } else if (/^[a-z][a-z0-9+.-]*:/i.test(address)) continue;
    else if (address === '') path = page;
    else {
      path = normalize(join(dirname(page), decodeURIComponent(address)));
      if (shipping.includes(page) && !shipped(path)) {
        broken(`is a relative link from a page that ships to a file that does not: write ${repository}blob/main/${path}${anchor ? `#${anchor}` : ''}`);
        continue;
      }
    }
    if (path.startsWith('..') || !existsSync(join(root, path))) {
      broken(`names ${relative('.', path) || path}, which does not exist`);
      continue;
    }
    if (anchor !== undefined && statSync(join(root, path)).isFile() && path.endsWith('.md') && !anchorsOf(path).has(anchor)) {
      broken(`names the heading #${anchor}, which ${path} does not have`);
    }
  }
}

if (problems.length > 0) {
  console.error(`${problems.length} broken link(s) in the documentation:\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
} else console.log(`${checked} links of ${pages.length} pages resolve`);
