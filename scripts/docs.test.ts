/**
 * The documentation check of `npm test`: every tag, attribute, event, CSS part and theme
 * token of the code and custom-elements.json is described and on the documentation site
 * (generated here from the same manifest, as `npm run build` does); and the check itself
 * catches what it should.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentationProblems } from './docs/check.ts';
import { manifestElements, type Element, type Manifest } from './docs/manifest.ts';
import { eventDetailTypes, renderSite } from './docs/render.ts';

const root = join(import.meta.dirname, '..');
const manifestFile = join(root, 'custom-elements.json');
const eventsSource = readFileSync(join(root, 'src/core/events.ts'), 'utf8');

/** The tags the code defines (the toast region is internal: the elements add it themselves). */
const codeTags = readdirSync(join(root, 'elements'))
  .filter((f) => /^vigil-[a-z-]+\.ts$/.test(f))
  .flatMap((f) =>
    [...readFileSync(join(root, 'elements', f), 'utf8').matchAll(/defineElement\(\{\s*tag:\s*'([a-z-]+)'/g)].map((m) => m[1]!),
  )
  .filter((tag) => tag !== 'vigil-toast-region');
const codeEvents = [...eventDetailTypes(eventsSource).keys()];

describe('the documentation site', () => {
  it('has a manifest to document (npm run manifest)', () => {
    expect(existsSync(manifestFile)).toBe(true);
  });
  const elements = existsSync(manifestFile) ? manifestElements(JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : [];
  const files = renderSite(elements, eventsSource);

  it('documents every tag, attribute, event, CSS part and custom property of the code and the manifest', () => {
    expect(codeTags.length).toBeGreaterThan(10);
    expect(codeEvents.length).toBeGreaterThan(5);
    expect(documentationProblems(elements, files, codeTags, codeEvents)).toEqual([]);
  });

  it('has a page per element, grouped in the navigation, with the theme tokens swatched in light and dark', () => {
    for (const d of elements) expect(files.has(`elements/${d.tagName}.html`), d.tagName).toBe(true);
    const page = files.get('elements/vigil-inbox.html') ?? '';
    expect(page).toContain('Drop-in elements');
    expect(page).toContain('Portal screens');
    expect(files.get('swatches.css')).toMatch(/\.ds-sw-color-primary-light \{ background: #[0-9a-f]{6}; \}/);
    expect(files.get('swatches.css')).toMatch(/\.ds-sw-color-primary-dark \{ background: #[0-9a-f]{6}; \}/);
    // Enums become selects, picked ids selects filled from the API, the rest text inputs.
    expect(page).toMatch(/<select id="ctl-view" data-attr="view"[^>]*><option value="">\(not set\)<\/option><option value="incidents">/);
    expect(files.get('elements/vigil-evacuation.html')).toContain('data-pick="project"');
  });

  it('picks up an element it has never heard of from the manifest alone', () => {
    const added: Element = {
      tagName: 'vigil-site-report',
      name: 'VigilSiteReport',
      summary: 'A report of a site.',
      attributes: [{ name: 'project', description: 'uuid of the project', type: { text: 'string' }, fieldName: 'project' }],
      events: [],
      cssParts: [{ name: 'list', description: 'the list' }],
      cssProperties: [],
      slots: [],
    };
    const site = renderSite([...elements, added], eventsSource);
    expect(site.get('elements/vigil-site-report.html')).toContain('id="part-list"');
    expect(site.get('index.html')).toContain('href="/demo/elements/vigil-site-report.html"');
    expect(documentationProblems([...elements, added], site, [...codeTags, added.tagName], codeEvents)).toEqual([]);
  });

  describe('fails', () => {
    const inbox = elements.find((d) => d.tagName === 'vigil-inbox')!;
    const others = elements.filter((d) => d !== inbox);
    const problemsWith = (changed: Element, site = renderSite([...others, changed], eventsSource), tags = codeTags) =>
      documentationProblems([...others, changed], site, tags, codeEvents);

    it('when a tag of the code is not in the manifest', () => {
      expect(documentationProblems(elements, files, [...codeTags, 'vigil-secret'], codeEvents)).toEqual([
        '<vigil-secret> is defined in elements/ but missing from custom-elements.json (JSDoc @tagname)',
      ]);
    });
    it('when an element, attribute, event, CSS part or token has no description', () => {
      expect(problemsWith({ ...inbox, summary: ' ' })).toContain('<vigil-inbox> has no description');
      expect(problemsWith({ ...inbox, attributes: [{ name: 'mode', type: { text: 'string' } }] })).toContain(
        '<vigil-inbox>: attribute mode has no description',
      );
      expect(problemsWith({ ...inbox, events: [...inbox.events, { name: 'vigil-x' }] })).toContain(
        '<vigil-inbox>: event vigil-x has no description',
      );
      expect(problemsWith({ ...inbox, cssParts: [{ name: 'secret', description: '' }] })).toContain(
        '<vigil-inbox>: CSS part secret has no description',
      );
      expect(problemsWith({ ...inbox, cssProperties: [{ name: '--vigil-x' }] })).toContain(
        '<vigil-inbox>: custom property --vigil-x has no description',
      );
    });
    it('when something is missing from the generated site', () => {
      const site = new Map(files);
      site.set(
        'elements/vigil-inbox.html',
        (site.get('elements/vigil-inbox.html') ?? '').replace('id="part-tabs"', '').replace('data-attr="view"', ''),
      );
      site.set('guides/events.html', (site.get('guides/events.html') ?? '').replace('id="event-vigil-unread-changed"', ''));
      site.delete('elements/vigil-login.html');
      expect(documentationProblems(elements, site, codeTags, codeEvents)).toEqual([
        'vigil-unread-changed is missing from the events guide',
        '<vigil-inbox>: attribute view has no control in the playground',
        '<vigil-inbox>: CSS part tabs is missing from its page',
        '<vigil-login> has no page (elements/vigil-login.html)',
      ]);
    });
  });
});
