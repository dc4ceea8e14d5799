#!/usr/bin/env node
// Fills every `<!-- recipe: path -->` marker of README.md with the spec file it names, so the
// README shows each recipe verbatim (test/readme.test.ts checks that it does).
// Usage: node scripts/readme.mjs   — rewrites README.md in place.
import { readFileSync, writeFileSync } from 'node:fs';

const marker = /<!-- recipe: (\S+) -->\n(?:```ts\n[\s\S]*?```\n)?/g;
const readme = readFileSync('README.md', 'utf8');
const filled = readme.replace(marker, (_match, path) => `<!-- recipe: ${path} -->\n\`\`\`ts\n${readFileSync(path, 'utf8')}\`\`\`\n`);
writeFileSync('README.md', filled);
console.log(filled === readme ? 'README.md is up to date' : 'README.md updated');
