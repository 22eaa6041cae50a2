import { CodeBlock } from "../../../components/ui/CodeBlock.tsx";
import { CopyButton } from "../../../components/ui/CopyButton.tsx";

/** The code to paste into a page, with its copy button and how a host hands in the key. */
export function GuideCode({ code }: { code: string }) {
  return (
    <section aria-label="Embed code" className="flex min-w-0 flex-col gap-2">
      <div className="flex items-center gap-2">
        <h2 className="font-semibold">Code</h2>
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
