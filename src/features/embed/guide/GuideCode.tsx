import { CodeBlock } from "../../../components/ui/CodeBlock.tsx";
import { CopyButton } from "../../../components/ui/CopyButton.tsx";

/** The code to paste into a page: the one tag (with embed.js), or the iframe with its own script. */
export function GuideCode({ tag, code, types }: { tag: string; code: string; types: string }) {
  return (
    <section aria-label="Embed code" className="flex min-w-0 flex-col gap-2">
      <div className="flex items-center gap-2">
        <h2 className="font-semibold">One tag</h2>
        <CopyButton text={tag} label="Copy tag" className="ml-auto" />
      </div>
      <CodeBlock data-testid="embed-tag" code={tag} />
      <p className="text-xs text-fg-muted">
        <code>embed.js</code> (a few KB) turns the tag into the embed: it sizes it, follows your page's theme
        and lets your page's script hand in the reader's key (<code>RpcPlayground.get(el).setKey(key)</code>
        ), set params, send, and hear <code>rpc-playground:result</code> events. Your page's origin is allowed
        by itself. For TypeScript, save its types into your project:{" "}
        <a className="text-link underline" href={types}>
          embed.d.ts
        </a>
        .
      </p>
      <div className="flex items-center gap-2">
        <h2 className="font-semibold">Or an iframe</h2>
        <CopyButton text={code} label="Copy code" className="ml-auto" />
      </div>
      <CodeBlock data-testid="embed-snippet" code={code} />
      <p className="text-xs text-fg-muted">
        The host script sets the iframe's height from the embed's <code>rpc-playground:height</code> messages.
        To hand in the reader's key, post <code>{'{ type: "rpc-playground:set-key", key }'}</code> to the
        iframe after its <code>rpc-playground:ready</code> message.
      </p>
    </section>
  );
}
