import { BREAKPOINTS } from '@backoffice/shared';
import { useCallback, useState, useSyncExternalStore } from 'react';

const STORAGE_KEY = 'menuCollapsed';
/** antd's xs: a phone, where even the collapsed navigation's 80 px would leave too little of the screen. */
const PHONE_QUERY = '(max-width: 575px)';

const isNarrow = () => window.innerWidth < BREAKPOINTS.siderCollapse;
const storedChoice = () => localStorage.getItem(STORAGE_KEY) === 'true';

const subscribePhone = (onChange: () => void) => {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

/**
 * The side navigation state (docs/spec-index.md S2.4): collapsed by default below 992 px, otherwise the stored choice;
 * the toggle works only when the window is wider than 767 px and stores the choice. On a phone (below 576 px)
 * the collapsed navigation takes no width at all, so there the toggle opens it over the screen (not stored).
 */
export function useSiderCollapsed() {
  const [collapsed, setCollapsed] = useState(() => isNarrow() || storedChoice());
  const phone = useSyncExternalStore(subscribePhone, isPhone);

  const toggle = useCallback(() => {
    if (isPhone()) {
      setCollapsed((current) => !current);
      return;
    }
    if (window.innerWidth <= BREAKPOINTS.siderToggleMin) return;
    setCollapsed((current) => {
      localStorage.setItem(STORAGE_KEY, String(!current));
      return !current;
    });
  }, []);

  /** Closes the navigation opened over a phone's screen (after a link in it was followed). */
  const closeOnPhone = useCallback(() => {
    if (isPhone()) setCollapsed(true);
  }, []);

  /** antd Sider's breakpoint (lg = 992 px) callback: collapse below it, restore the choice above. */
  const onBreakpoint = useCallback((broken: boolean) => setCollapsed(broken || storedChoice()), []);

  return { collapsed, phone, toggle, closeOnPhone, onBreakpoint };
}
