/**
 * The bundled signature table: the functions, events and custom errors the app names without
 * being told an ABI. Every group says where its entries come from (see also docs/signatures.md):
 *
 * - ERC-20, ERC-721, ERC-1155, ERC-4626: the ABIs viem 2.57 exports (`erc20Abi`, `erc721Abi`,
 *   `erc1155Abi`, `erc4626Abi`), standards EIP-20, EIP-721, EIP-1155, EIP-4626. viem's
 *   `erc1155Abi` carries the ERC-6093 errors of ERC-1155 too.
 * - WETH9: the functions and events WETH adds to ERC-20 (`deposit`, `withdraw`, `Deposit`,
 *   `Withdrawal`), from the verified source of WETH9 at 0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2
 *   (the same entries as abitype's `wethAbi`).
 * - Uniswap v2 pair events (`Swap`, `Sync`, `Mint`, `Burn`): Uniswap/v2-core
 *   contracts/interfaces/IUniswapV2Pair.sol.
 * - Uniswap v3 pool events (`Initialize`, `Mint`, `Collect`, `Burn`, `Swap`, `Flash`):
 *   Uniswap/v3-core contracts/interfaces/pool/IUniswapV3PoolEvents.sol.
 * - OpenZeppelin custom errors: ERC-6093 (EIP-6093) errors of ERC-20 and ERC-721 from
 *   openzeppelin-contracts v5 contracts/interfaces/draft-IERC6093.sol; Ownable, AccessControl,
 *   Pausable, ReentrancyGuard, SafeERC20, Address/Errors from the same release.
 *
 * One selector may name several entries: ERC-20 and ERC-721 `Transfer` share topic 0 and differ
 * in how many arguments are indexed, so a log is decoded against every candidate and the one that
 * decodes strictly wins. Entries with the same name and types (ERC-20's and ERC-721's
 * `approve(address,uint256)`) are one entry that lists every group it belongs to. Pure.
 */
import type { Abi, AbiEvent, AbiFunction, Hex } from "viem";

/** An ABI error item (viem exports the type of functions and events only). */
export type AbiError = Extract<Abi[number], { type: "error" }>;

import { erc20Abi, erc721Abi, erc1155Abi, erc4626Abi } from "viem";
import { formatAbiItem, parseAbi, toEventSelector, toFunctionSelector } from "viem/utils";
import { BUNDLED_SELECTORS } from "./signature-selectors.ts";

/** A group of bundled entries and where they come from. */
interface SignatureGroup {
  /** `"ERC-20"`: shown beside a decoded name. */
  label: string;
  /** Where the entries come from: `"viem erc20Abi (EIP-20)"`. */
  source: string;
  abi: Abi;
}

/** viem's erc721Abi names `tokenOfOwnerByIndex(address,uint256)` "tokenByIndex": left out, not renamed. */
const erc721 = erc721Abi.filter(
  (item) => !(item.type === "function" && item.name === "tokenByIndex" && item.inputs.length === 2),
);

/** ERC-4626 vaults are ERC-20 tokens: only what the vault adds is its own. */
const erc20Shapes = new Set(erc20Abi.map((item) => shapeKey(item)));
const erc4626 = erc4626Abi.filter((item) => !erc20Shapes.has(shapeKey(item)));

export const SIGNATURE_GROUPS: readonly SignatureGroup[] = [
  { label: "ERC-20", source: "viem erc20Abi (EIP-20)", abi: erc20Abi },
  { label: "ERC-721", source: "viem erc721Abi (EIP-721)", abi: erc721 },
  { label: "ERC-1155", source: "viem erc1155Abi (EIP-1155, with its ERC-6093 errors)", abi: erc1155Abi },
  { label: "ERC-4626", source: "viem erc4626Abi (EIP-4626), less its ERC-20 part", abi: erc4626 },
  {
    label: "WETH9",
    source: "WETH9 verified source, mainnet 0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    abi: parseAbi([
      "function deposit() payable",
      "function withdraw(uint256 wad)",
      "event Deposit(address indexed dst, uint256 wad)",
      "event Withdrawal(address indexed src, uint256 wad)",
    ]),
  },
  {
    label: "Uniswap v2 pair",
    source: "Uniswap/v2-core IUniswapV2Pair.sol",
    abi: parseAbi([
      "event Mint(address indexed sender, uint256 amount0, uint256 amount1)",
      "event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)",
      "event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
      "event Sync(uint112 reserve0, uint112 reserve1)",
    ]),
  },
  {
    label: "Uniswap v3 pool",
    source: "Uniswap/v3-core IUniswapV3PoolEvents.sol",
    abi: parseAbi([
      "event Initialize(uint160 sqrtPriceX96, int24 tick)",
      "event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
      "event Collect(address indexed owner, address recipient, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount0, uint128 amount1)",
      "event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
      "event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)",
      "event Flash(address indexed sender, address indexed recipient, uint256 amount0, uint256 amount1, uint256 paid0, uint256 paid1)",
    ]),
  },
  {
    label: "OpenZeppelin ERC-6093",
    source: "openzeppelin-contracts v5 interfaces/draft-IERC6093.sol (EIP-6093)",
    abi: parseAbi([
      "error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)",
      "error ERC20InvalidSender(address sender)",
      "error ERC20InvalidReceiver(address receiver)",
      "error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)",
      "error ERC20InvalidApprover(address approver)",
      "error ERC20InvalidSpender(address spender)",
      "error ERC721InvalidOwner(address owner)",
      "error ERC721NonexistentToken(uint256 tokenId)",
      "error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)",
      "error ERC721InvalidSender(address sender)",
      "error ERC721InvalidReceiver(address receiver)",
      "error ERC721InsufficientApproval(address operator, uint256 tokenId)",
      "error ERC721InvalidApprover(address approver)",
      "error ERC721InvalidOperator(address operator)",
    ]),
  },
  {
    label: "OpenZeppelin",
    source:
      "openzeppelin-contracts v5: access/Ownable.sol, access/IAccessControl.sol, utils/Pausable.sol, utils/ReentrancyGuard.sol, token/ERC20/utils/SafeERC20.sol, utils/Address.sol, utils/Errors.sol",
    abi: parseAbi([
      "error OwnableUnauthorizedAccount(address account)",
      "error OwnableInvalidOwner(address owner)",
      "error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)",
      "error AccessControlBadConfirmation()",
      "error EnforcedPause()",
      "error ExpectedPause()",
      "error ReentrancyGuardReentrantCall()",
      "error SafeERC20FailedOperation(address token)",
      "error SafeERC20FailedDecreaseAllowance(address spender, uint256 currentAllowance, uint256 requestedDecrease)",
      "error AddressEmptyCode(address target)",
      "error AddressInsufficientBalance(address account)",
      "error FailedInnerCall()",
      "error FailedCall()",
      "error FailedDeployment()",
      "error InsufficientBalance(uint256 balance, uint256 needed)",
      "event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)",
      "event Paused(address account)",
      "event Unpaused(address account)",
      "event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)",
      "event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)",
      "event RoleAdminChanged(bytes32 indexed role, bytes32 indexed previousAdminRole, bytes32 indexed newAdminRole)",
    ]),
  },
];

/** One bundled entry: the ABI item and every group that has it. */
export interface SignatureEntry<T extends AbiFunction | AbiEvent | AbiError> {
  item: T;
  /** `["ERC-20", "ERC-721"]`: the groups with this very signature, first one first. */
  groups: string[];
}

/** The bundled entries by selector (functions, errors) and by topic 0 (events). */
interface SignatureTable {
  functions: ReadonlyMap<Hex, SignatureEntry<AbiFunction>[]>;
  events: ReadonlyMap<Hex, SignatureEntry<AbiEvent>[]>;
  errors: ReadonlyMap<Hex, SignatureEntry<AbiError>[]>;
}

/** What makes two entries the same: kind, name, types and (events) which arguments are indexed. */
export function shapeKey(item: AbiFunction | AbiEvent | AbiError): string {
  const inputs = item.inputs.map((i) => `${i.type}${"indexed" in i && i.indexed ? " indexed" : ""}`);
  return `${item.type} ${item.name}(${inputs.join(",")})`;
}

/** The selector of a function, an event (its topic 0) or a custom error. */
function selectorOf(item: Item): Hex {
  if (item.type === "function") return toFunctionSelector(item);
  if (item.type === "event") return toEventSelector(item);
  return errorSelector(item);
}

type Item = AbiFunction | AbiEvent | AbiError;

/** The groups' functions, events and errors, in order, each with its group: what the table indexes. */
function itemsOf(groups: readonly SignatureGroup[]): { item: Item; group: string }[] {
  return groups.flatMap((g) =>
    g.abi
      .filter((i): i is Item => i.type === "function" || i.type === "event" || i.type === "error")
      .map((item) => ({ item, group: g.label })),
  );
}

/**
 * Every selector of the groups' functions, events and errors, in the order the table walks them:
 * what `scripts/gen-signature-selectors.ts` writes into signature-selectors.ts.
 */
export function selectorsOf(groups: readonly SignatureGroup[]): Hex[] {
  return itemsOf(groups).map(({ item }) => selectorOf(item));
}

/**
 * Indexes an ABI's functions, events and errors by selector; entries of one shape merge.
 * `selectors`, when given one per item, are used instead of hashing each signature again.
 */
function buildTable(groups: readonly SignatureGroup[], selectors?: readonly string[]): SignatureTable {
  const functions = new Map<Hex, SignatureEntry<AbiFunction>[]>();
  const events = new Map<Hex, SignatureEntry<AbiEvent>[]>();
  const errors = new Map<Hex, SignatureEntry<AbiError>[]>();
  const seen = new Map<string, SignatureEntry<AbiFunction | AbiEvent | AbiError>>();
  const add = <T extends AbiFunction | AbiEvent | AbiError>(
    map: Map<Hex, SignatureEntry<T>[]>,
    selector: Hex,
    item: T,
    group: string,
  ) => {
    const key = shapeKey(item);
    const known = seen.get(key);
    if (known) {
      if (!known.groups.includes(group)) known.groups.push(group);
      return;
    }
    const entry: SignatureEntry<T> = { item, groups: [group] };
    seen.set(key, entry as SignatureEntry<AbiFunction | AbiEvent | AbiError>);
    const list = map.get(selector);
    if (list) list.push(entry);
    else map.set(selector, [entry]);
  };
  const items = itemsOf(groups);
  const known = selectors?.length === items.length ? selectors : undefined;
  items.forEach(({ item, group }, k) => {
    const selector = (known?.[k] as Hex | undefined) ?? selectorOf(item);
    if (item.type === "function") add(functions, selector, item, group);
    else if (item.type === "event") add(events, selector, item, group);
    else add(errors, selector, item, group);
  });
  return { functions, events, errors };
}

/** The 4-byte selector of a custom error: the keccak of its signature, as for a function. */
export function errorSelector(item: AbiError): Hex {
  return toFunctionSelector(formatAbiItem(item));
}

let bundled: SignatureTable | null = null;

/**
 * The bundled table, built on first use with the selectors worked out ahead (hashing its 114 signatures
 * on first use was a 50-70 ms task at CPU 2x, inside the first answer's render or its warm-up).
 */
export function bundledTable(): SignatureTable {
  bundled ??= buildTable(SIGNATURE_GROUPS, BUNDLED_SELECTORS);
  return bundled;
}
