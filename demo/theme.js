// Runs before the portal page's first paint (a classic script in <head>, no inline code
// under the CSP): applies the colour scheme remembered by the user menu (localStorage
// "vigil.theme", see src/core/theme/theme.ts), so a dark choice never flashes light.
try {
  var choice = localStorage.getItem('vigil.theme');
  if (choice === 'light' || choice === 'dark') document.documentElement.style.colorScheme = choice;
} catch (e) {
  // No storage: the system's scheme (demo/portal.css) holds.
}
