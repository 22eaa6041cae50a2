/**
 * The only module that imports monaco-editor. It loads the editor API, the handful of editor
 * features a JSON body needs and the JSON language, with both workers bundled by Vite (no CDN).
 * Loaded through a dynamic import so the first screen does not wait for it.
 */

import * as monaco from "monaco-editor/editor/editor.api";
import { type SchemaSpec, schemaFor } from "../../../methods/schema.ts";
import { EDITOR_FONT_SIZE } from "./monaco-create.ts";
import "monaco-editor/features/bracketMatching/register";
import "monaco-editor/features/clipboard/register";
import "monaco-editor/features/comment/register";
import "monaco-editor/features/contextmenu/register";
import "monaco-editor/features/find/register";
import "monaco-editor/features/folding/register";
import "monaco-editor/features/format/register";
import "monaco-editor/features/gotoError/register";
import "monaco-editor/features/hover/register";
import "monaco-editor/features/linesOperations/register";
import "monaco-editor/features/smartSelect/register";
import "monaco-editor/features/snippet/register";
import "monaco-editor/features/suggest/register";
// features/suggest registers only inline completions; the suggest widget itself is this contribution.
import "monaco-editor/editor/contrib/suggest/browser/suggestController";
import "monaco-editor/features/wordHighlighter/register";
import { PixelRatio } from "monaco-editor/base/browser/pixelRatio";
import { FontMeasurements } from "monaco-editor/editor/browser/config/fontMeasurements";
import { isEditorConfigurationKey } from "monaco-editor/editor/common/config/editorConfigurationSchema";
import { createBareFontInfoFromRawSettings } from "monaco-editor/editor/common/config/fontInfoFromSettings";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";
import { StandaloneServices } from "monaco-editor/editor/standalone/browser/standaloneServices";
import { StandaloneThemeService } from "monaco-editor/editor/standalone/browser/standaloneThemeService";
import { IStandaloneThemeService } from "monaco-editor/editor/standalone/common/standaloneTheme";
import JsonWorker from "monaco-editor/language/json/json.worker?worker";
import { jsonDefaults } from "monaco-editor/languages/features/json/register";
import { IConfigurationService } from "monaco-editor/platform/configuration/common/configuration";

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
  }
}

window.MonacoEnvironment = {
  getWorker: (_id, label) => (label === "json" ? new JsonWorker() : new EditorWorker()),
};

/**
 * One schema per editor model, matched by the model's own URI, never one global schema; `text` is
 * the schema as written, which says whether a spec is bound already.
 */
const schemasByModel = new Map<string, { uri: string; schema: unknown; text: string }>();

/**
 * The schema's own URI: one per chain and shape (a request of any EVM method, a batch of them, and
 * the same of Starknet's are four schemas); its text says which examples it holds.
 */
const schemaUri = (spec: SchemaSpec) => `inmemory://rpc-playground/schemas/${spec.chain}/${spec.shape}.json`;

function applySchemas() {
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    trailingCommas: "error",
    enableSchemaRequest: false,
    schemaValidation: "error",
    schemas: [...schemasByModel.entries()].map(([modelUri, s]) => ({
      uri: s.uri,
      fileMatch: [modelUri],
      schema: s.schema as never,
    })),
  });
}

/** Binds the schema `spec` describes (written here, in Monaco's chunk: methods/schema.ts) to `model`. */
export function bindSchema(model: monaco.editor.ITextModel, spec: SchemaSpec): void {
  const uri = schemaUri(spec);
  const schema = schemaFor(spec);
  const text = JSON.stringify(schema);
  // The JSON language restarts its worker whenever its options are set (a new thread that loads and
  // compiles its 430 KB script): a schema bound already is not set again. The written schema is
  // compared, not the spec's name: the same method's examples change when a network's sample
  // comes in or another network is chosen, and the editor completes the new ones.
  const bound = schemasByModel.get(model.uri.toString());
  if (bound?.uri === uri && bound.text === text) return;
  schemasByModel.set(model.uri.toString(), { uri, schema, text });
  applySchemas();
}

export function unbindSchema(model: monaco.editor.ITextModel): void {
  schemasByModel.delete(model.uri.toString());
  applySchemas();
}

/**
 * Makes the theme service, most of starting the services (the CSS of Monaco's 600 icons and of its
 * colours, written out in its constructor): an idle task of its own before startServices, which
 * takes it in as an override of the service (what `editor.create`'s third argument gives).
 */
export function makeThemeService(): StandaloneThemeService {
  return new StandaloneThemeService();
}

/**
 * Starts the editor's services with `theme` made already (the first editor would start them inside
 * its own creation): done apart, it is one idle task of its own rather than part of a longer one
 * (load-monaco.ts).
 */
export function startServices(theme: StandaloneThemeService): void {
  StandaloneServices.initialize({ [String(IStandaloneThemeService)]: theme });
}

/**
 * Puts the theme's colours in the page (one style element, as the first editor would inside its
 * creation) and has the page's styles worked out again now, in this task: not inside the font's
 * measurement or the editor's creation, whose first reading of the page forced it (15-35 ms at
 * CPU 2x).
 */
export function addThemeStyles(): void {
  StandaloneServices.get<{ registerEditorContainer(node: HTMLElement): unknown }>(
    IStandaloneThemeService,
  ).registerEditorContainer(document.body);
  document.body.getBoundingClientRect();
}

/**
 * Gives the editor's settings among `options` to Monaco's configuration service, as the editor's
 * creation would first thing (the service's settings merged for the first time, its listeners told):
 * a step of its own ahead of it, which then finds them set.
 */
export function presetOptions(options: object): void {
  StandaloneServices.get<{ updateValues(values: [string, unknown][]): unknown }>(
    IConfigurationService,
  ).updateValues(
    Object.entries(options)
      .filter(([key]) => isEditorConfigurationKey(key))
      .map(([key, value]) => [`editor.${key}`, value]),
  );
}

/**
 * Measures the editor's font as the first editor would inside its creation (DOM probes and a
 * layout, 10 to 25 ms); Monaco keeps the result per window and font, so the creation that follows
 * in a later task finds it measured.
 */
export function measureFonts(): void {
  const bare = createBareFontInfoFromRawSettings(
    { fontSize: EDITOR_FONT_SIZE },
    PixelRatio.getInstance(window).value,
  );
  FontMeasurements.readFontInfo(window, bare);
}

// The body editor's Monaco side is in Monaco's chunk: BodyEditor, on the first screen, calls it
// once loaded (the theme's name in Monaco's words too: useEditorFollows.ts).
export { monacoTheme } from "./monaco-create.ts";
export { showMarks } from "./monaco-markers.ts";
export { mountEditor } from "./monaco-mount.ts";
export { monaco };
