// Renders one element of the projects / live-view features from the query string:
// ?el=vigil-system&system=<uuid>&interval=1000 (every other parameter becomes an attribute).
const params = new URLSearchParams(location.search);
const tag = params.get('el') || 'vigil-projects';
const allowed = ['vigil-projects', 'vigil-project', 'vigil-site', 'vigil-system', 'vigil-live-view', 'vigil-demo-live-view'];
if (allowed.includes(tag)) {
  await import(`/dist/${tag}.js`);
  const el = document.createElement(tag);
  for (const [name, value] of params) if (name !== 'el') el.setAttribute(name, value);
  document.getElementById('stage').append(el);
}
