/**
 * The documentation check: everything the code and the manifest declare is described and
 * on the generated site. Returns the problems (none = documented).
 */
import { anchor, elementPath } from './render.ts';
import type { Element } from './manifest.ts';

const blank = (text: string | undefined) => !text || !text.trim();

/**
 * @param elements the manifest's custom elements
 * @param files the generated site (path → content)
 * @param codeTags the tags the code defines (`defineElement({ tag: … })` in elements/)
 * @param codeEvents the event names the code types (VigilEventDetails)
 */
export function documentationProblems(elements: Element[], files: Map<string, string>, codeTags: string[], codeEvents: string[]): string[] {
  const problems: string[] = [];
  const tags = new Set(elements.map((d) => d.tagName));
  for (const tag of codeTags)
    if (!tags.has(tag)) problems.push(`<${tag}> is defined in elements/ but missing from custom-elements.json (JSDoc @tagname)`);
  const fired = new Set(elements.flatMap((d) => d.events.map((e) => e.name)));
  for (const name of codeEvents)
    if (!fired.has(name)) problems.push(`${name} is typed in src/core/events.ts but no element documents it (@fires)`);

  const home = files.get('index.html') ?? '';
  const events = files.get('guides/events.html') ?? '';
  for (const name of codeEvents)
    if (!events.includes(`id="${anchor.event(name)}"`)) problems.push(`${name} is missing from the events guide`);
  for (const d of elements) {
    const tag = `<${d.tagName}>`;
    const page = files.get(elementPath(d.tagName));
    if (blank(d.summary)) problems.push(`${tag} has no description`);
    if (!page) {
      problems.push(`${tag} has no page (${elementPath(d.tagName)})`);
      continue;
    }
    if (!home.includes(`href="/demo/${elementPath(d.tagName)}"`))
      problems.push(`${tag} is not linked from the home page and its navigation`);
    if (!page.includes(`data-tag="${d.tagName}"`)) problems.push(`${tag}: its page has no playground`);
    const check = (kind: string, name: string, description: string | undefined, id: string) => {
      if (blank(description)) problems.push(`${tag}: ${kind} ${name} has no description`);
      if (!page.includes(`id="${id}"`)) problems.push(`${tag}: ${kind} ${name} is missing from its page`);
    };
    for (const a of d.attributes) {
      check('attribute', a.name, a.description, anchor.attr(a.name));
      if (!page.includes(`data-attr="${a.name}"`)) problems.push(`${tag}: attribute ${a.name} has no control in the playground`);
      check('property', a.fieldName ?? a.name, a.description, anchor.prop(a.fieldName ?? a.name));
    }
    for (const e of d.events) check('event', e.name, e.description, anchor.event(e.name));
    for (const p of d.cssParts) check('CSS part', p.name, p.description, anchor.part(p.name));
    for (const p of d.cssProperties) check('custom property', p.name, p.description, anchor.token(p.name));
  }
  return problems;
}
