// The Vigil bundle first, then Svelte mounts: the elements are defined before Svelte
// creates them, so Svelte sets their properties from the start. (The Vue example loads
// the bundle after mounting; both orders work.)
import 'vigil-portal';
import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';

mount(App, { target: document.getElementById('app')! });
