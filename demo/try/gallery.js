// The element gallery: every element of custom-elements.json with its attributes, events,
// parts, custom properties and a live instance against this demo server. Plain DOM APIs
// only (no innerHTML: the page runs under Trusted Types).
const NORTHWIND = '10000000-0000-4000-8000-000000000001';
const ANTWERP = '20000000-0000-4000-8000-000000000001';
const DOCKS = '30000000-0000-4000-8000-000000000001';
const DEMO = '00000000-0000-4000-8000-000000000001';

/** Attribute values for the live instances (seeded data). */
const SAMPLES = {
  'vigil-project': { project: NORTHWIND },
  'vigil-site': { site: ANTWERP },
  'vigil-system': { system: DOCKS },
  'vigil-live-view': { system: '30000000-0000-4000-8000-000000000002' },
  'vigil-demo-live-view': { demo: DEMO },
  'vigil-inbox': { view: 'notifications' },
  'vigil-evacuation': { site: '20000000-0000-4000-8000-000000000002' },
  'vigil-schedule-matrix': { site: '20000000-0000-4000-8000-000000000002' },
  'vigil-site-schedules': { project: NORTHWIND },
  'vigil-project-users': { project: NORTHWIND },
  'vigil-evacuation-history': { project: NORTHWIND },
};

/** What a live instance needs to show anything at all. */
const NOTES = {
  'vigil-evacuation-bar':
    'Takes no room while nothing is evacuating: start one with <vigil-evacuation> or <vigil-project> on this page and the bar appears here (and in every other tab) within a second.',
};

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'text') node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function list(title, items, render) {
  if (!items?.length) return null;
  return el('div', {}, el('h3', { text: title }), el('ul', {}, ...items.map((i) => el('li', {}, ...render(i)))));
}

/** Text with `inline code` in backticks, as nodes: the code in <code>, the rest as text. */
function prose(text) {
  return String(text)
    .split('`')
    .map((part, i) => (i % 2 ? el('code', { text: part }) : part ? document.createTextNode(part) : null));
}

const described = (name, description, type) => [
  el('code', { text: name }),
  type ? el('span', {}, ' : ', el('code', { class: 'g-type', text: type })) : null,
  description ? el('span', {}, ' — ', ...prose(description).filter(Boolean)) : null,
];

function liveInstance(decl) {
  const box = el('div', { class: 'g-live' });
  box.append(el('p', { class: 'g-live-title', text: 'Live instance' }));
  if (NOTES[decl.tagName]) box.append(el('p', { class: 'g-note', text: NOTES[decl.tagName] }));
  if (decl.tagName === 'vigil-portal') {
    box.append(el('iframe', { class: 'g-frame', src: '/', title: 'The portal, live' }));
    return box;
  }
  const instance = document.createElement(decl.tagName);
  for (const [name, value] of Object.entries(SAMPLES[decl.tagName] ?? {})) instance.setAttribute(name, value);
  const events = el('p', { class: 'g-events', 'aria-live': 'polite' });
  for (const event of decl.events ?? []) {
    instance.addEventListener(event.name, (e) => {
      events.textContent = `${event.name} ${JSON.stringify(e.detail)}`;
    });
  }
  box.append(instance, events);
  return box;
}

async function main() {
  const main = document.getElementById('gallery');
  const toc = document.getElementById('toc');
  const manifest = await (await fetch('/dist/custom-elements.json')).json();
  const decls = manifest.modules
    .flatMap((m) => m.declarations ?? [])
    .filter((d) => d.customElement)
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
  // The theme's custom properties are the same on (nearly) every element: listed once, and
  // per element only those of its own.
  const counts = new Map();
  for (const decl of decls) for (const p of decl.cssProperties ?? []) counts.set(p.name, (counts.get(p.name) ?? 0) + 1);
  const shared = new Set([...counts].filter(([, n]) => n > decls.length / 2).map(([name]) => name));
  const sharedProps = decls
    .flatMap((d) => d.cssProperties ?? [])
    .filter((p, i, all) => shared.has(p.name) && all.findIndex((q) => q.name === p.name) === i);
  if (sharedProps.length) {
    toc.append(el('li', {}, el('a', { href: '#theme', text: 'Theme properties' })));
    main.append(
      el(
        'section',
        { class: 'g-card', id: 'theme', 'aria-labelledby': 'theme-title' },
        el('h2', { id: 'theme-title', text: 'Theme properties' }),
        el('p', {
          class: 'g-summary',
          text: `Every element reads these CSS custom properties (set them anywhere above the elements; each has a light and a dark default that follows the page's color-scheme). Each element below lists only the properties of its own.`,
        }),
        el(
          'div',
          { class: 'g-facts' },
          list('CSS custom properties', sharedProps, (p) => described(p.name, p.description)),
        ),
      ),
    );
  }
  for (const decl of decls) {
    const id = decl.tagName;
    toc.append(el('li', {}, el('a', { href: `#${id}`, text: `<${decl.tagName}>` })));
    const facts = el(
      'div',
      { class: 'g-facts' },
      list('Attributes', decl.attributes, (a) => described(a.name, a.description, a.type?.text)),
      list('Events', decl.events, (e) => described(e.name, e.description, e.type?.text)),
      list('CSS parts', decl.cssParts, (p) => described(`::part(${p.name})`, p.description)),
      list(
        'CSS custom properties',
        decl.cssProperties?.filter((p) => !shared.has(p.name)),
        (p) => described(p.name, p.description),
      ),
    );
    main.append(
      el(
        'section',
        { class: 'g-card', id, 'aria-labelledby': `${id}-title` },
        el('h2', { id: `${id}-title`, text: `<${decl.tagName}>` }),
        el('p', { class: 'g-summary' }, ...prose(decl.summary ?? decl.description ?? '').filter(Boolean)),
        facts,
        liveInstance(decl),
      ),
    );
  }
  main.setAttribute('aria-busy', 'false');
}

main();
