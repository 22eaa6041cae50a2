/**
 * The features behind Chromium's omnibox popup, a WebUI page (chrome://omnibox-popup.top-chrome) in
 * a renderer of its own that Chromium makes for every window: about 0.55 s of CPU each. Every
 * browser context of the tests, and every fresh page of the bench, is a window, so both turn them
 * off (playwright.config.ts, scripts/bench-cdp.ts); a user's new tab opens in a window that has one.
 */
export const OMNIBOX_POPUP_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"];

/**
 * Chromium's spare renderer: after a navigation it starts a renderer process for the next one in
 * advance. The tests' browser turns it off (playwright.config.ts): a test opens one page in each new
 * browser context, and its spare, made for every context and navigation, was mostly never used.
 * Forty fresh contexts opening a page, alternated runs on 2 cores: 720-770 ms of CPU each without
 * it, 850-960 ms with it; five spec files (24 tests): 218 and 253 s of CPU against 226 and 265 s.
 * The bench keeps it: a user's browser has one.
 */
export const SPARE_RENDERER_FEATURES = ["SpareRendererForSitePerProcess"];
