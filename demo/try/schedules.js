// Renders one schedules element from the query string: ?el=vigil-schedule-matrix&site=<uuid>
// or ?el=vigil-site-schedules&project=<uuid>. Only the element's own attributes are copied
// (an allow-list per element, never `api-base`). Saved events are logged to the console.
const params = new URLSearchParams(location.search);
const tag = params.get('el') || 'vigil-schedule-matrix';
const ATTRIBUTES = {
  'vigil-schedule-matrix': ['site'],
  'vigil-site-schedules': ['project'],
};
if (Object.hasOwn(ATTRIBUTES, tag)) {
  await import(`/dist/${tag}.js`);
  const el = document.createElement(tag);
  for (const name of ATTRIBUTES[tag]) {
    const value = params.get(name);
    if (value !== null) el.setAttribute(name, value);
  }
  el.addEventListener('vigil-schedule-saved', (e) => console.info('vigil-schedule-saved', JSON.stringify(e.detail)));
  document.getElementById('stage').append(el);
}
