// Inlined into the portal page's head by the demo server (demo/server/routes/static.ts),
// allowed by its hash in the CSP: starts the first screen's requests — the user, and the
// projects on the home — before the portal's modules have arrived. The API client takes each
// answer once, for the very request it would send (a GET of the same URL with the same
// token, within 10 s; src/core/api/prefetched.ts), and sends its own otherwise. The token
// goes only to the API base that issued it (the stored user's `api_base`), and nowhere when
// the page names another API.
(function () {
  try {
    var user = JSON.parse(localStorage.getItem('auth.currentUser') || 'null');
    if (!user || typeof user.token !== 'string' || typeof user.api_base !== 'string' || !window.fetch) return;
    var issuer = new URL(user.api_base);
    var base = (issuer.origin + issuer.pathname).replace(/\/+$/, '');
    if (!/^https?:$/.test(issuer.protocol) || issuer.search || issuer.hash || base !== user.api_base) return;
    var meta = document.querySelector('meta[name=vigil-api-base]');
    if (meta) {
      var named = new URL(meta.content.trim(), location.href);
      if ((named.origin + named.pathname).replace(/\/+$/, '') !== base) return;
    }
    var page = window;
    var STORE = Symbol.for('vigil.prefetched.store.v1');
    var SHARED = Symbol.for('vigil.shared.v1');
    var store = page[STORE] || (page[STORE] = new Map());
    var auth = 'Bearer ' + user.token;
    // The projects only for someone who may see them: a newcomer is held at the terms first.
    var home = location.pathname === '/' && user.terms_accepted_web_portal === true;
    var paths = home ? ['/api/v2/user', '/api/v2/projects'] : ['/api/v2/user'];
    paths.forEach(function (path) {
      var url = base + path;
      if (store.has(url)) return;
      var response = fetch(url, { headers: { Accept: 'application/json', Authorization: auth } });
      response.catch(function () {}); // the client asks again
      store.set(url, { auth: auth, at: Date.now(), response: response });
    });
    var shared = page[SHARED] || (page[SHARED] = new Map());
    if (shared.get('api.early')) return;
    shared.set('api.early', function (url, init) {
      var early = store.get(url);
      if (!early) return undefined;
      store.delete(url);
      var same =
        (init.method || 'GET') === 'GET' &&
        early.auth === (new Headers(init.headers).get('Authorization') || '') &&
        Date.now() - early.at < 10000;
      return same
        ? early.response.catch(function () {
            return fetch(url, init);
          })
        : undefined;
    });
  } catch (e) {
    // No storage, a malformed stored user: the portal asks as usual.
  }
})();
