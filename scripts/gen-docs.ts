/**
 * Generates the documentation site from custom-elements.json into build/docs/ (not in
 * git): the guides home, the guides and one page per element, which the demo server
 * serves at /demo/ (before the files of demo/; demo/site/ holds the pages' script and
 * styles). Run by `npm run build`, after `npm run manifest`.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { manifestElements, type Manifest } from './docs/manifest.ts';
import { renderSite } from './docs/render.ts';

const root = join(import.meta.dirname, '..');
export const DOCS_OUT = join(root, 'build', 'docs');

const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as Manifest;
const files = renderSite(manifestElements(manifest), readFileSync(join(root, 'src/core/events.ts'), 'utf8'));
rmSync(DOCS_OUT, { recursive: true, force: true });
for (const [path, content] of files) {
  mkdirSync(dirname(join(DOCS_OUT, path)), { recursive: true });
  writeFileSync(join(DOCS_OUT, path), content);
}
console.log(`docs: ${files.size} files in build/docs`);
