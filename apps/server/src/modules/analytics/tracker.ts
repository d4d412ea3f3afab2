import { createHash } from 'node:crypto';
import { VISITOR_FIELD } from '@backoffice/shared';

/**
 * `/tracker.js` (DESIGN §6), included by every page of the public site: no cookies, nothing of a third party. It
 * keeps a random first-party visitor id in localStorage (without storage the server tells visitors apart by a
 * salted daily hash), sends the page view (path without the query, referrer, UTM parameters, browser language,
 * screen size) to `POST /api/collect`, the time the page was visible each time it is hidden (sendBeacon), and
 * adds the visitor id to the site's forms as the hidden field `visitor_id`, so a submission completes goal 1.
 * Previews (`?preview=`) are not counted.
 */
export const TRACKER_JS = /* the source below, its indentation dropped */ `(function () {
  var d = document, n = navigator, l = location, u = '/api/collect';
  if (/[?&]preview=/.test(l.search)) return;
  var ok = /^[A-Za-z0-9_-]{8,64}$/;
  function id() {
    var a = new Uint8Array(16);
    crypto.getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }
  var v;
  try {
    v = localStorage.getItem('bo_vid');
    if (!ok.test(v || '')) { v = id(); localStorage.setItem('bo_vid', v); }
  } catch (e) { v = undefined; }
  var view = id();
  function send(o) {
    o.visitor = v; o.view = view;
    var b = JSON.stringify(o);
    if (!(n.sendBeacon && n.sendBeacon(u, new Blob([b], { type: 'text/plain' })))) {
      try { fetch(u, { method: 'POST', body: b, keepalive: true, headers: { 'Content-Type': 'text/plain' } }); } catch (e) {}
    }
  }
  var q = new URLSearchParams(l.search), p = { type: 'view', path: l.pathname, referrer: d.referrer || '' };
  ['source', 'medium', 'campaign', 'term', 'content'].forEach(function (k) {
    var x = q.get('utm_' + k);
    if (x) p['utm_' + k] = x.slice(0, 255);
  });
  if (n.language) p.language = String(n.language).slice(0, 35);
  if (screen && screen.width) p.screen = screen.width + 'x' + screen.height;
  send(p);
  var shown = 0, since = d.visibilityState === 'hidden' ? 0 : Date.now();
  function hide() {
    if (!since) return;
    shown += Date.now() - since; since = 0;
    send({ type: 'leave', ms: Math.round(shown) });
  }
  d.addEventListener('visibilitychange', function () {
    if (d.visibilityState === 'hidden') hide(); else if (!since) since = Date.now();
  });
  addEventListener('pagehide', hide);
  if (v) {
    Array.prototype.forEach.call(d.querySelectorAll('form[action^="/api/public/form/"]'), function (f) {
      if (f.querySelector('input[name="${VISITOR_FIELD}"]')) return;
      var i = d.createElement('input');
      i.type = 'hidden'; i.name = '${VISITOR_FIELD}'; i.value = v;
      f.appendChild(i);
    });
  }
})();
`.replace(/\n\s+/g, '\n');

export const TRACKER_ETAG = `"${createHash('sha256').update(TRACKER_JS).digest('hex').slice(0, 16)}"`;
