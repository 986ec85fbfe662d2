// Logs the inbox's public events, as an integrator's page would listen to them.
// Plain DOM APIs only (the page runs under Trusted Types).
const log = document.getElementById('events');
for (const name of ['vigil-notification-read', 'vigil-unread-changed', 'vigil-incident-received']) {
  document.addEventListener(name, (event) => {
    const item = document.createElement('li');
    item.textContent = `${name} from <${event.target.localName}${event.target.id ? `#${event.target.id}` : ''}> ${JSON.stringify(event.detail)}`;
    log.append(item);
  });
}
