// Runs before the documentation site's first paint (a classic script in <head>, no inline
// code under the CSP): applies the theme and the "hostile page CSS" toggle remembered in
// this browser, so a dark choice never flashes light.
try {
  var theme = localStorage.getItem('vigil.docs.theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.classList.add('ds-' + theme);
  if (localStorage.getItem('vigil.docs.hostile') === '1') document.documentElement.classList.add('ds-hostile');
} catch (e) {
  // No storage: the system's scheme holds.
}
