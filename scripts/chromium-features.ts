/**
 * The features behind Chromium's omnibox popup, a WebUI page (chrome://omnibox-popup.top-chrome) in
 * a renderer of its own that Chromium makes for every window: about 0.55 s of CPU each. Every
 * browser context of the tests, and every fresh page of the bench, is a window, so both turn them
 * off (playwright.config.ts, scripts/bench-cdp.ts); a user's new tab opens in a window that has one.
 */
export const OMNIBOX_POPUP_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"];
