// Listens for the evacuation element's events (bubbling, composed CustomEvents) and
// lists them: detail is { scope: 'project' | 'site', uuid, status }.
const log = document.getElementById('log');
const empty = document.getElementById('log-empty');

function add(text) {
  const item = document.createElement('li');
  const time = document.createElement('time');
  const now = new Date();
  time.dateTime = now.toISOString();
  time.textContent = now.toLocaleTimeString();
  item.append(time, ' ', text);
  log.prepend(item);
  empty.hidden = true;
}

function describe(status) {
  if (!status) return 'status unknown';
  if (status.status === 'active')
    return `active since ${new Date(status.started_at).toLocaleString()} (started by ${status.started_by ?? 'unknown'})`;
  return 'inactive';
}

document.addEventListener('vigil-evacuation-started', (event) => {
  const { scope, uuid, status } = event.detail;
  add(`Evacuation started: ${scope} ${uuid}, ${describe(status)}`);
});

document.addEventListener('vigil-evacuation-aborted', (event) => {
  const { scope, uuid, status } = event.detail;
  add(`Evacuation aborted: ${scope} ${uuid}, ${describe(status)}`);
});

document.addEventListener('vigil-signed-in', (event) => {
  add(`Signed in as ${event.detail.name}`);
});
