/* global document */
// Before anything paints: the saved theme and display modes on <html>, so a dark theme does not
// flash white. A plain file loaded by a blocking <script src> in index.html, since the
// Content-Security-Policy allows no inline script. Keys and classes as in src/shared/storage.ts and
// src/app/theme/root-classes.ts (a unit test holds them together); React keeps them up to date.
(function (root) {
  function read(key) {
    try {
      return JSON.parse(localStorage.getItem('rx-console:' + key));
    } catch {
      return null;
    }
  }
  var theme = read('active-theme-name');
  var layout = read('layout-config') || {};
  root.classList.add(theme === 'dark' || theme === 'dark-blue' ? 'theme-' + theme : 'theme-normal');
  if (layout.showGreyMode === true) root.classList.add('grey-mode');
  if (layout.showColorWeakness === true) root.classList.add('color-weakness');
})(document.documentElement);
