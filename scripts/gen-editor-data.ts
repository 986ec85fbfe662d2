/**
 * Generates the editors' completion data from custom-elements.json:
 * - web-types.json (JetBrains IDEs read it through package.json "web-types"): tags,
 *   attributes with their values, events, CSS parts and custom properties;
 * - vscode.html-custom-data.json (VS Code's `html.customData` setting): tags and
 *   attributes with their values.
 * Run by `npm run manifest` (part of build and typecheck).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { enumValues, manifestElements, type Manifest } from './docs/manifest.ts';

const root = join(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as Manifest;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string };
const elements = manifestElements(manifest);

const webTypes = {
  $schema: 'https://json.schemastore.org/web-types',
  name: pkg.name,
  version: pkg.version,
  'description-markup': 'markdown',
  'js-types-syntax': 'typescript',
  contributions: {
    html: {
      elements: elements.map((d) => ({
        name: d.tagName,
        description: d.summary ?? '',
        attributes: d.attributes.map((a) => {
          const values = enumValues(a.type?.text);
          return {
            name: a.name,
            description: a.description ?? '',
            value: { kind: 'plain', type: a.type?.text ?? 'string', required: false },
            ...(values.length ? { values: values.map((name) => ({ name })) } : {}),
          };
        }),
        js: {
          events: d.events.map((e) => ({ name: e.name, description: e.description ?? '', value: { type: e.type?.text ?? 'CustomEvent' } })),
        },
        css: {
          parts: d.cssParts.map((p) => ({ name: p.name, description: p.description ?? '' })),
          properties: d.cssProperties.map((p) => ({ name: p.name, description: p.description ?? '' })),
        },
      })),
    },
  },
};

const customData = {
  version: 1.1,
  tags: elements.map((d) => ({
    name: d.tagName,
    description: { kind: 'markdown', value: d.summary ?? '' },
    attributes: d.attributes.map((a) => {
      const values = enumValues(a.type?.text);
      return {
        name: a.name,
        description: { kind: 'markdown', value: a.description ?? '' },
        ...(values.length ? { values: values.map((name) => ({ name })) } : {}),
      };
    }),
  })),
};

writeFileSync(join(root, 'web-types.json'), `${JSON.stringify(webTypes, null, 2)}\n`);
writeFileSync(join(root, 'vscode.html-custom-data.json'), `${JSON.stringify(customData, null, 2)}\n`);
console.log(`editor data: ${elements.length} elements in web-types.json and vscode.html-custom-data.json`);
