import { createApp } from 'vue';
import App from './App.vue';
import './app.css';

// Vue mounts first; the Vigil bundle is imported afterwards on purpose: elements that are
// already in the page upgrade when their definitions arrive, and Vue set their attributes
// (not properties) until then, so the order does not matter.
createApp(App).mount('#app');
await import('vigil-portal');
