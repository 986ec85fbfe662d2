// custom-elements.json from the elements' JSDoc. Vigil's elements are r2wc classes made by
// defineElement(), which the analyzer cannot see as classes; this plugin reads the JSDoc
// header of each `export const X = defineElement(...)` (@tagname, @attr, @fires, @csspart,
// @cssproperty, @slot) and records a proper custom-element declaration.
import { readFileSync } from 'node:fs';

/** Event names with typed details, from src/core/events.ts (one place). */
const eventsSource = readFileSync(new URL('./src/core/events.ts', import.meta.url), 'utf8');
const typedEvents = new Set([...eventsSource.matchAll(/'(vigil-[a-z-]+)':/g)].map((m) => m[1]));

/** What each theme token sets (the default, light and dark, comes from src/ui/tokens.css). */
const TOKEN_USES = {
  '--vigil-font-family': 'the typeface of all text',
  '--vigil-font-size': 'the base text size; every size inside scales with it (never with your root font size)',
  '--vigil-radius': 'the corner radius of cards, buttons and fields',
  '--vigil-space': 'the base spacing unit; paddings and gaps are multiples of it',
  '--vigil-color-primary': 'primary buttons, links, selected tabs and the primary colour of toasts',
  '--vigil-color-primary-hover': 'primary buttons under the pointer',
  '--vigil-color-on-primary': 'text and icons on the primary colour',
  '--vigil-color-primary-soft': 'soft primary backgrounds',
  '--vigil-color-success': 'success toasts and the unread-notifications badge',
  '--vigil-color-success-soft': 'soft success backgrounds',
  '--vigil-color-on-success': 'text on the success colour',
  '--vigil-color-danger': 'evacuations, destructive actions and the open-incidents badge',
  '--vigil-color-danger-hover': 'danger buttons under the pointer',
  '--vigil-color-danger-soft': 'soft danger backgrounds',
  '--vigil-color-on-danger': 'text on the danger colour',
  '--vigil-color-warning': 'notices',
  '--vigil-color-warning-soft': 'soft warning backgrounds',
  '--vigil-color-background': 'the background behind cards (the portal page, list areas)',
  '--vigil-color-surface': 'cards, dialogs and fields',
  '--vigil-color-surface-2': 'a second surface colour, for raised or alternate areas',
  '--vigil-color-text': 'body text',
  '--vigil-color-text-muted': 'secondary text',
  '--vigil-color-border': 'borders and dividers',
  '--vigil-color-focus': 'the keyboard focus ring',
  '--vigil-shadow': 'the shadow of cards',
  '--vigil-shadow-lg': 'the shadow of dialogs, menus and toasts',
};

/** The theming custom properties every element reads (src/ui/tokens.css), with defaults. */
const tokensSource = readFileSync(new URL('./src/ui/tokens.css', import.meta.url), 'utf8');
const themeProperties = [...tokensSource.matchAll(/var\((--vigil-[a-z0-9-]+),\s*([^;]+?)\);/g)].map((m) => ({
  name: m[1],
  default: m[2].trim(),
  description: TOKEN_USES[m[1]] ? `Theme token: ${TOKEN_USES[m[1]]} (default ${m[2].trim()})` : `Theme token (default ${m[2].trim()})`,
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
