// Runs before the portal page's first paint (a classic script in <head>, which the demo
// server inlines and the CSP allows by its hash, demo/server/routes/static.ts): applies
// the colour scheme remembered by the user menu (localStorage "vigil.theme", see
// src/core/theme/theme.ts), so a dark choice never flashes light.
try {
  var choice = localStorage.getItem('vigil.theme');
  if (choice === 'light' || choice === 'dark') document.documentElement.style.colorScheme = choice;
} catch (e) {
  // No storage: the system's scheme (demo/portal.css) holds.
}
