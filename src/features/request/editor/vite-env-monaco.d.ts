// Vite's `?worker` imports of Monaco's workers.
declare module "monaco-editor/editor/editor.worker?worker" {
  const WorkerCtor: new () => Worker;
  export default WorkerCtor;
}
declare module "monaco-editor/language/json/json.worker?worker" {
  const WorkerCtor: new () => Worker;
  export default WorkerCtor;
}
// Side-effect import of Monaco's suggest widget contribution (no .d.ts is shipped for it).
declare module "monaco-editor/editor/contrib/suggest/browser/suggestController";
// Monaco's standalone services, started apart from the first editor (load-monaco.ts).
declare module "monaco-editor/editor/standalone/browser/standaloneServices" {
  export const StandaloneServices: {
    initialize(overrides: Record<string, unknown>): unknown;
    get<T>(id: unknown): T;
  };
}
// The theme service, made in an idle task ahead of the other services (monaco.ts makeThemeService).
declare module "monaco-editor/editor/standalone/browser/standaloneThemeService" {
  export class StandaloneThemeService {}
}
// The theme service's id: its override, and its colours' style element put in ahead of the first
// editor (monaco.ts startServices, addThemeStyles).
declare module "monaco-editor/editor/standalone/common/standaloneTheme" {
  export const IStandaloneThemeService: unknown;
}
// The editor's settings, given to the configuration service ahead of the first editor (monaco.ts presetOptions).
declare module "monaco-editor/editor/common/config/editorConfigurationSchema" {
  export function isEditorConfigurationKey(key: string): boolean;
}
declare module "monaco-editor/platform/configuration/common/configuration" {
  export const IConfigurationService: unknown;
}
// The steps of Monaco's loading import parts of its module graph for their evaluation only.
declare module "monaco-editor/base/common/strings";
declare module "monaco-editor/base/browser/dom";
declare module "monaco-editor/base/browser/ui/list/listWidget";
declare module "monaco-editor/base/browser/ui/scrollbar/scrollableElement";
declare module "monaco-editor/editor/common/model/textModel";
declare module "monaco-editor/editor/browser/view";
declare module "monaco-editor/editor/browser/widget/codeEditor/codeEditorWidget";
// Monaco's font measurement, done ahead of the first editor (monaco.ts measureFonts).
declare module "monaco-editor/base/browser/pixelRatio" {
  export const PixelRatio: { getInstance(w: Window): { readonly value: number } };
}
declare module "monaco-editor/editor/browser/config/fontMeasurements" {
  export const FontMeasurements: { readFontInfo(w: Window, bareFontInfo: unknown): unknown };
}
declare module "monaco-editor/editor/common/config/fontInfoFromSettings" {
  export function createBareFontInfoFromRawSettings(
    options: { fontSize?: number },
    pixelRatio: number,
  ): unknown;
}
