// Logs the inbox's public events, as an integrator's page would listen to them.
// Plain DOM APIs only (the page runs under Trusted Types).
const log = document.getElementById('events');
document.addEventListener('vigil-notification-read', (event) => {
  const item = document.createElement('li');
  item.textContent = `vigil-notification-read ${JSON.stringify(event.detail)}`;
  log.append(item);
});
