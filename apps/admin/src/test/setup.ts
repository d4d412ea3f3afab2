import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearUser } from '../api/session';
import { initI18n } from '../i18n/whole';
import { dismissNotification } from '../kit/notifications';

// What jsdom lacks and antd reaches for: media queries (Grid, Drawer), size observers (Table, Tabs, Tooltip),
// computed styles of pseudo elements (the scrollbar size) and window scrolling (a form scrolls to its first error).
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(window, 'ResizeObserver', { configurable: true, value: NoResizeObserver });

// jsdom implements no pseudo elements and complains on each call that names one: the element's own style stands in.
const computedStyle = window.getComputedStyle.bind(window);
Object.defineProperty(window, 'getComputedStyle', {
  configurable: true,
  value: (element: Element) => computedStyle(element),
});
// A chosen image's preview address (jsdom's File is not the Blob that Node's URL accepts).
URL.createObjectURL = () => 'blob:preview';
URL.revokeObjectURL = () => {};
Object.defineProperty(window, 'scrollTo', { configurable: true, value: () => {} });
Element.prototype.scrollIntoView = () => {};

// waitFor and findBy give up after 5 s, not 1: on a loaded 2-core machine (the full test run, the CI) a render after
// a lazily loaded chunk took longer than 1 s once (LoginScreen.test). A passing test waits no longer for it.
configure({ asyncUtilTimeout: 5_000 });

// The tests read the admin in English; the language is read from storage as the app does at start.
localStorage.setItem('language', 'en');
initI18n();

// Each test starts signed out: a sign-in still under way when the test before it ended (of this file or, with one
// module cache per worker, of another) may have stored its user since.
beforeEach(() => clearUser('logout'));

afterEach(() => {
  cleanup();
  dismissNotification();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});
