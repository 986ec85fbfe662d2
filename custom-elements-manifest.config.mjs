// custom-elements.json from the elements' JSDoc. Vigil's elements are r2wc classes made by
// defineElement(), which the analyzer cannot see as classes; this plugin reads the JSDoc
// header of each `export const X = defineElement(...)` (@tagname, @attr, @fires, @csspart,
// @cssproperty, @slot) and records a proper custom-element declaration.
import { readFileSync } from 'node:fs';

/** Event names with typed details, from src/core/events.ts (one place). */
const eventsSource = readFileSync(new URL('./src/core/events.ts', import.meta.url), 'utf8');
const typedEvents = new Set([...eventsSource.matchAll(/'(vigil-[a-z-]+)':/g)].map((m) => m[1]));

/** The theming custom properties every element reads (src/ui/tokens.css), with defaults. */
const tokensSource = readFileSync(new URL('./src/ui/tokens.css', import.meta.url), 'utf8');
const themeProperties = [...tokensSource.matchAll(/var\((--vigil-[a-z0-9-]+),\s*([^;]+?)\);/g)].map((m) => ({
  name: m[1],
  default: m[2].trim(),
  description: `Theme token (default ${m[2].trim()})`,
}));

/** "{type} name - description" → parts */
function parseTag(text) {
  const m = /^\s*(?:\{([^}]*)\}\s*)?(\S+)\s*(?:-\s*)?([\s\S]*)$/.exec(text ?? '');
  if (!m) return null;
  return { type: m[1]?.trim(), name: m[2], description: m[3].trim().replace(/\s+/g, ' ') };
}

function commentText(comment) {
  if (!comment) return '';
  if (typeof comment === 'string') return comment;
  return comment.map((c) => c.text ?? '').join('');
}

function r2wcElements() {
  return {
    name: 'vigil-r2wc-elements',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isVariableStatement(node) || !node.jsDoc?.length) return;
      const doc = node.jsDoc[node.jsDoc.length - 1];
      const tags = doc.tags ?? [];
      const tag = (name) => tags.filter((t) => t.tagName.text === name).map((t) => commentText(t.comment));
      const tagName = tag('tagname')[0]?.trim();
      if (!tagName) return;
      const varName = node.declarationList.declarations[0].name.getText();
      // Whether it needs a sign-in (defineElement's `session`: 'required', 'optional' or
      // 'none') and who it is for (`@audience portal`, else public without a session and
      // drop-in with one): the documentation site groups and shows elements by these.
      const session = /\bsession:\s*'(required|optional|none)'/.exec(node.getText())?.[1] ?? 'optional';
      const audience = tag('audience')[0]?.trim() || (session === 'none' ? 'public' : 'drop-in');
      const decl = moduleDoc.declarations.find((d) => d.name === varName);
      if (!decl) return;
      Object.assign(decl, {
        kind: 'class',
        customElement: true,
        tagName,
        summary: commentText(doc.comment)
          .split(/\n\s*\n/)[0]
          .replace(/\s+/g, ' ')
          .trim(),
        description: commentText(doc.comment).trim(),
        superclass: { name: 'HTMLElement' },
        vigilSession: session,
        vigilAudience: audience,
        attributes: tag('attr')
          .map(parseTag)
          .filter(Boolean)
          .map((a) => ({
            name: a.name,
            description: a.description,
            type: { text: a.type || 'string' },
            fieldName: a.name.replace(/-([a-z])/g, (_, c) => c.toUpperCase()),
          })),
        events: tag('fires')
          .map(parseTag)
          .filter(Boolean)
          .map((e) => ({
            name: e.name,
            description: e.description,
            type: { text: typedEvents.has(e.name) ? `CustomEvent<VigilEventDetails['${e.name}']>` : e.type || 'CustomEvent' },
          })),
        cssParts: tag('csspart')
          .map(parseTag)
          .filter(Boolean)
          .map((p) => ({ name: p.name, description: p.description })),
        cssProperties: [
          ...tag('cssproperty')
            .map(parseTag)
            .filter(Boolean)
            .map((p) => ({ name: p.name, description: p.description })),
          ...themeProperties,
        ],
        slots: tag('slot')
          .map(parseTag)
          .filter(Boolean)
          .map((s) => ({ name: s.name, description: s.description })),
      });
    },
  };
}

export default {
  globs: ['elements/vigil-*.ts'],
  exclude: ['elements/vigil-toast-region.ts', 'elements/*.test.ts'],
  outdir: '.',
  packagejson: true,
  plugins: [r2wcElements()],
};
