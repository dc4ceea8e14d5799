#!/usr/bin/env node
// Fills every `<!-- recipe: path -->` marker of README.md and of the guides (docs/**/*.md) with
// the spec file it names, so each page shows its recipes verbatim (test/readme.test.ts checks
// that it does).
// Usage: node scripts/readme.mjs   — rewrites those files in place.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

// The guides are every Markdown file under docs/ but the generated API reference, docs/api.
const guides = readdirSync('docs', { recursive: true }).filter((file) => file.endsWith('.md') && !file.startsWith('api/'));

const marker = /<!-- recipe: (\S+) -->\n(?:```ts\n[\s\S]*?```\n)?/g;
for (const page of ['README.md', ...guides.sort().map((file) => `docs/${file}`)]) {
  const text = readFileSync(page, 'utf8');
  const filled = text.replace(marker, (_match, path) => `<!-- recipe: ${path} -->\n\`\`\`ts\n${readFileSync(path, 'utf8')}\`\`\`\n`);
  if (filled !== text) writeFileSync(page, filled);
  console.log(filled === text ? `${page} is up to date` : `${page} updated`);
}
