// Applies the saved theme before first paint so a dark user never sees a light flash. A file of our
// own origin rather than an inline script: the Content-Security-Policy allows no inline scripts.
(function () {
  try {
    var t = localStorage.getItem('vite-ui-theme') || 'system';
    if (t === 'system') t = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    document.documentElement.classList.add(t);
  } catch {
    // No storage (a locked-down browser): the page keeps the light theme.
  }
})();
