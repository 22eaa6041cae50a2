/**
 * Links to the network's block explorer (Etherscan, Arbiscan, Voyager…) for a block, a
 * transaction or an address: opened in a new tab, never with the key. The playground shows them;
 * an embed only when its host asks (`explorer=1`): `ResponsePanel` sets {@link ExplorerLinksContext}.
 */
import { useContext } from "react";
import { type ChainProfile, explorerUrl } from "../../../chain/chain-profile.ts";
import { ExplorerLinksContext } from "../explorer-links.ts";

const WHAT = { block: "block", tx: "transaction", address: "address" } as const;

/** `Arbiscan ↗` beside a block number, a transaction hash or an address; nothing without an explorer. */
export function ExplorerLink({
  chain,
  what,
  id,
  text,
}: {
  chain: ChainProfile;
  what: "block" | "tx" | "address";
  /** Block number (decimal) or hash, transaction hash, address. */
  id: string;
  /** Visible text; the explorer's name by default. */
  text?: string;
}) {
  const on = useContext(ExplorerLinksContext);
  const explorer = chain.explorer;
  if (!on || !explorer) return null;
  return (
    <a
      href={explorerUrl(explorer, what, id)}
      target="_blank"
      rel="noopener noreferrer"
      className="text-link text-xs underline decoration-dotted underline-offset-2 hover:decoration-solid"
      aria-label={`${WHAT[what]} ${id} on ${explorer.name} (opens in a new tab)`}
    >
      {text ?? explorer.name} ↗
    </a>
  );
}

/** A line of explorer links (`On Arbiscan: transaction ↗ · from ↗ · to ↗`); nothing without an explorer. */
export function ExplorerLinks({
  chain,
  links,
}: {
  chain: ChainProfile;
  links: readonly { what: "block" | "tx" | "address"; id: string; text: string }[];
}) {
  const on = useContext(ExplorerLinksContext);
  if (!on || !chain.explorer || links.length === 0) return null;
  return (
    <p className="flex flex-wrap gap-x-3 text-xs">
      <span className="text-fg-muted">On {chain.explorer.name}:</span>
      {links.map((l) => (
        <ExplorerLink key={`${l.what}${l.id}${l.text}`} chain={chain} what={l.what} id={l.id} text={l.text} />
      ))}
    </p>
  );
}
