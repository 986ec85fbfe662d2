// Inlined into the portal page's head by the demo server (demo/server/routes/static.ts),
// allowed by its hash in the CSP: starts the first screen's requests — the catalogue of the
// language the session starts in, the user, and the projects on the home; then, at low
// priority, the JWT and the unread count the session asks for once the user is checked —
// before the portal's modules have arrived. The API client takes each
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
    var ask = function (path, withToken, low) {
      var url = base + path;
      if (store.has(url)) return;
      var headers = { Accept: 'application/json' };
      if (withToken) headers.Authorization = auth;
      var response = fetch(url, low ? { headers: headers, priority: 'low' } : { headers: headers });
      response.catch(function () {}); // the client asks again
      store.set(url, { auth: withToken ? auth : '', at: Date.now(), response: response });
    };
    // The language the session starts in (src/core/session/session.ts, startLanguage): the
    // account's, else the one this browser chose last, else the browser's; its catalogue is
    // fr or nl for fr-BE and nl-BE. A rare difference only costs the client its own request.
    var chosen = null;
    try {
      chosen = JSON.parse(localStorage.getItem('vigil.language') || 'null');
    } catch (e) {
      // a malformed choice reads as none
    }
    var tag = 'en';
    var messages = 'en';
    [
      [user.locale, 'en|de|fr|nl|es|it'],
      [chosen && chosen.tag, 'en|de|fr|nl|es|it'],
      [(navigator.languages && navigator.languages[0]) || navigator.language, 'en|de|fr|nl|it'],
    ].some(function (candidate) {
      var match = typeof candidate[0] === 'string' && new RegExp('^(' + candidate[1] + ')(-be)?(-|$)', 'i').exec(candidate[0]);
      if (!match) return false;
      messages = match[1].toLowerCase();
      tag = match[2] && /fr|nl/.test(messages) ? messages + '-BE' : messages;
      return true;
    });
    ask('/i18n/messages/' + messages + '.json', false);
    ask('/api/v2/user', true);
    // The rest only for someone past the terms (a newcomer is held there first), and nothing
    // while the page signs out: those calls would reach the server after the revocation.
    var accepted = user.terms_accepted_web_portal === true && !/\/logout\/?$/.test(location.pathname);
    if (accepted && location.pathname === '/') ask('/api/v2/projects', true);
    // No first screen waits for these two: last, and at low priority.
    if (accepted) {
      ask('/auth/jwt', true, true);
      ask('/api/v2/notifications?filter%5Bunread%5D=true&locale=' + tag + '&per_page=1', true, true);
    }
    // The page's first date formatter costs tens of milliseconds of main thread (the
    // browser loads its calendar and zone data once); made now, while the modules and
    // answers are on their way, the first screen's times then cost about a millisecond.
    var warm = function () {
      try {
        new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(0);
      } catch (e) {
        // No Intl here: the portal's own formatting says so when it runs.
      }
    };
    if (window.requestIdleCallback) requestIdleCallback(warm, { timeout: 1000 });
    else setTimeout(warm, 0);
    var shared = page[SHARED] || (page[SHARED] = new Map());
    if (shared.get('api.early')) return;
    shared.set('api.early', function (url, init) {
      var early = store.get(url);
      if (!early) return undefined;
      store.delete(url);
      // Not from before a change the live channel has told of since (src/core/live/topics.ts).
      var told = shared.get('live.topics.told');
      var same =
        (init.method || 'GET') === 'GET' &&
        early.auth === (new Headers(init.headers).get('Authorization') || '') &&
        Date.now() - early.at < 10000 &&
        !(
          told &&
          Array.from(told.values()).some(function (at) {
            return at >= early.at;
          })
        );
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
