import { lazy } from 'react';
import { loadFeatureTexts } from '../../lib/i18n';

/**
 * The bell and the menu's unread counts are one chunk (with the alerts' texts), fetched right
 * after the shell and off the first download; one import site keeps the shell's share small.
 */
const loadBell = () => Promise.all([import('./panel-bell'), loadFeatureTexts(['alerts'])]).then(([module]) => module);

export const PanelBell = lazy(loadBell);
export const MenuCount = lazy(() => loadBell().then((module) => ({ default: module.MenuCount })));
