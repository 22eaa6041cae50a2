import { useMemo, useState } from "react";
import { appPath } from "../../networks/app-path.ts";
import { provider } from "../../networks/provider.ts";
import { useResolvedTheme } from "../../state/useTheme.ts";
import { parseEmbedConfig } from "./embed-config.ts";
import { GuideCode } from "./guide/GuideCode.tsx";
import { GuideForm } from "./guide/GuideForm.tsx";
import { GuidePreview } from "./guide/GuidePreview.tsx";
import { initialFields } from "./guide/guide-fields.ts";
import { MessageTable } from "./guide/MessageTable.tsx";
import { embedSearch, embedUrl, type GuideFields, iframeSnippet } from "./iframe-snippet.ts";
import { loaderTypesUrl, loaderUrl, tagSnippet } from "./tag-snippet.ts";

/** The playground's address on this origin: the base path the app is served under. */
const playgroundUrl = () => new URL(appPath(""), window.location.origin).href;

/** `/guide`: how to embed the playground in a documentation page, with a snippet generator. */
export function GuidePage() {
  useResolvedTheme();
  const [fields, setFields] = useState<GuideFields>(initialFields);
  const set = (patch: Partial<GuideFields>) => setFields((f) => ({ ...f, ...patch }));
  const search = embedSearch(fields);
  const parsed = useMemo(() => parseEmbedConfig(search), [search]);
  const src = embedUrl(playgroundUrl(), search);
  const code = iframeSnippet({
    src,
    method: fields.method,
    height: fields.height,
    hasOrigins: parsed.ok && parsed.config.origins.length > 0,
    productName: provider().productName,
  });
  const tag = tagSnippet(fields, loaderUrl(playgroundUrl()));

  return (
    <main aria-label="Embed guide" className="mx-auto flex max-w-6xl flex-col gap-6 p-4">
      <header className="flex flex-wrap items-baseline gap-4">
        <h1 className="text-xl font-semibold">Embed the {provider().productName}</h1>
        <a className="text-sm text-link underline" href={playgroundUrl()}>
          Back to the playground
        </a>
      </header>
      <p className="max-w-3xl text-sm">
        Put one method, prefilled, into a documentation page: one tag and <code>embed.js</code> (or an{" "}
        <code>&lt;iframe&gt;</code>) with no chrome that takes your page's theme, sizes itself to its content,
        and takes the reader's {provider().keyLabel} from your page's script (the key is kept in memory only,
        never stored, and never in the address). Configure it below and copy the code.
      </p>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <GuideForm fields={fields} set={set} problems={parsed.ok ? null : parsed.problems} />
        <GuideCode tag={tag} code={code} types={loaderTypesUrl(playgroundUrl())} />
      </div>
      <GuidePreview src={src} initialHeight={fields.height} network={fields.network} />
      <MessageTable />
    </main>
  );
}
