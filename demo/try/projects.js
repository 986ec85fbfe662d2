// Renders one element of the projects / live-view features from the query string:
// ?el=vigil-system&system=<uuid>&interval=1000. Only the element's own attributes are
// copied (an allow-list per element): never `api-base` or anything else a link could plant,
// so a crafted link cannot point the page's elements (and the signed-in token) elsewhere.
const params = new URLSearchParams(location.search);
const tag = params.get('el') || 'vigil-projects';
const ATTRIBUTES = {
  'vigil-projects': [],
  'vigil-project': ['project'],
  'vigil-site': ['site'],
  'vigil-system': ['system'],
  'vigil-live-view': ['system', 'interval'],
  'vigil-demo-live-view': ['demo', 'interval'],
};
if (Object.hasOwn(ATTRIBUTES, tag)) {
  await import(`/dist/${tag}.js`);
  const el = document.createElement(tag);
  for (const name of ATTRIBUTES[tag]) {
    const value = params.get(name);
    if (value !== null) el.setAttribute(name, value);
  }
  document.getElementById('stage').append(el);
}
