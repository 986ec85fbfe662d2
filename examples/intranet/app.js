// Reacts to Vigil's events (bubbling, composed CustomEvents named vigil-*).
const log = document.getElementById('log');
const events = [
  'vigil-signed-in',
  'vigil-evacuation-started',
  'vigil-evacuation-aborted',
  'vigil-notification-read',
  'vigil-language-changed',
];
for (const name of events) {
  document.addEventListener(name, (event) => {
    const item = document.createElement('li');
    item.textContent = `${new Date().toLocaleTimeString()} ${name} ${JSON.stringify(event.detail)}`;
    log.prepend(item);
  });
}

const dark = document.getElementById('dark');
dark.checked = localStorage.getItem('intranet-dark') === '1';
document.documentElement.classList.toggle('dark', dark.checked);
dark.addEventListener('change', () => {
  document.documentElement.classList.toggle('dark', dark.checked);
  localStorage.setItem('intranet-dark', dark.checked ? '1' : '0');
});
