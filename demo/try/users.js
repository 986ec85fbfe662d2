// <vigil-project-users> on a plain page, with a log of its vigil-project-user-changed events.
import '/dist/vigil-project-users.js';

const project = new URLSearchParams(location.search).get('project') || '10000000-0000-4000-8000-000000000001';
const el = document.createElement('vigil-project-users');
el.setAttribute('project', project);
document.getElementById('log-title').parentElement.before(el);
el.addEventListener('vigil-project-user-changed', (event) => {
  const li = document.createElement('li');
  li.textContent = JSON.stringify(event.detail);
  document.getElementById('log').append(li);
});
