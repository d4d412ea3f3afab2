import { createHash } from 'node:crypto';
import { VISITOR_FIELD } from '@backoffice/shared';

/**
 * `/tracker.js` (docs/features/statistics.md, docs/DEPLOY.md), included by every page of the public site: no cookies, nothing of a third party.
 * It keeps a random first-party visitor id in localStorage (without storage the server tells visitors apart by a
 * salted daily hash), sends the page view (path without the query, referrer, UTM parameters, browser language,
 * screen size) to `POST /api/collect`, the time the page was visible each time it is hidden, and adds the visitor
 * id to the site's forms as the hidden field `visitor_id`, so a submission completes goal 1. Previews
 * (`?preview=`) are not counted.
 *
 * Every beacon is kept in sessionStorage (`bo_q`, the newest 50) until the server acknowledges it: they are sent
 * one at a time, oldest first; a network error, 503 or 429 keeps the beacon and tries again after 2, 4, 8 … 60
 * seconds, on the next page view of the tab, and when the page is hidden (`fetch` with `keepalive`, which outlives
 * the page). A beacon sent again says how old it is (`age`, ms), so its view keeps its time. The server counts a
 * view id once and a view's time by its longest report, so a beacon that arrives twice changes nothing.
 */
export const TRACKER_JS = /* the source below, its indentation dropped */ `(function () {
  var d = document, n = navigator, l = location, u = '/api/collect', K = 'bo_q';
  var P = d.currentScript && d.currentScript.getAttribute('data-path');
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
  var view = id(), mem = [], busy = 0, wait = 0, timer;
  function load() {
    try { mem = JSON.parse(sessionStorage.getItem(K)) || mem; } catch (e) {}
    return mem;
  }
  function save(q) {
    mem = q.slice(-50);
    try { sessionStorage.setItem(K, JSON.stringify(mem)); } catch (e) {}
  }
  function drop(b) {
    save(load().filter(function (x) { return x.k !== b.k || x.t !== b.t; }));
  }
  function post(b, k) {
    b.o.age = Math.max(0, Date.now() - b.t);
    return fetch(u, { method: 'POST', body: JSON.stringify(b.o), keepalive: k, headers: { 'Content-Type': 'text/plain' } })
      .then(function (r) { return r.status != 429 && r.status < 500; }, function () { return false; });
  }
  function flush() {
    var b = load()[0];
    if (busy || !b) return;
    busy = 1;
    post(b, false).then(function (sent) {
      busy = 0;
      if (sent) { drop(b); wait = 0; flush(); return; }
      wait = Math.min(wait * 2 || 2000, 60000);
      clearTimeout(timer);
      timer = setTimeout(flush, wait);
    });
  }
  function send(o) {
    o.visitor = v; o.view = view;
    var k = o.type + view;
    save(load().filter(function (x) { return x.k !== k; }).concat({ k: k, t: Date.now(), o: o }));
  }
  var q = new URLSearchParams(l.search), p = { type: 'view', path: P || l.pathname, referrer: d.referrer || '' };
  ['source', 'medium', 'campaign', 'term', 'content'].forEach(function (k) {
    var x = q.get('utm_' + k);
    if (x) p['utm_' + k] = x.slice(0, 255);
  });
  if (n.language) p.language = String(n.language).slice(0, 35);
  if (screen && screen.width) p.screen = screen.width + 'x' + screen.height;
  send(p);
  flush();
  var shown = 0, since = d.visibilityState === 'hidden' ? 0 : Date.now();
  function hide() {
    if (!since) return;
    shown += Date.now() - since; since = 0;
    send({ type: 'leave', ms: Math.round(shown) });
    load().forEach(function (b) { post(b, true).then(function (sent) { if (sent) drop(b); }); });
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
