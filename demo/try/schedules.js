// Renders one schedules element from the query string (every other parameter becomes an
// attribute): ?el=vigil-schedule-matrix&site=<uuid> or ?el=vigil-site-schedules&project=<uuid>.
// Saved events are logged to the console.
const params = new URLSearchParams(location.search);
const tag = params.get('el') || 'vigil-schedule-matrix';
const allowed = ['vigil-schedule-matrix', 'vigil-site-schedules'];
if (allowed.includes(tag)) {
  await import(`/dist/${tag}.js`);
  const el = document.createElement(tag);
  for (const [name, value] of params) if (name !== 'el') el.setAttribute(name, value);
  el.addEventListener('vigil-schedule-saved', (e) => console.info('vigil-schedule-saved', JSON.stringify(e.detail)));
  document.getElementById('stage').append(el);
}
