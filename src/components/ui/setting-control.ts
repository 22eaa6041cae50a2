/**
 * Marks a control that sets something a request link does not carry (the key, a setting such as
 * the plain text box), spread on it or on its wrapper: typing or choosing there, before the page's
 * own link is read, is no reason to keep the link's request back (app/playground/useRequestAddress.ts).
 */
export const settingControl = { "data-setting": "" } as const;

/** The selector of what `settingControl` marks. */
export const SETTING_CONTROL_SELECTOR = "[data-setting]";
