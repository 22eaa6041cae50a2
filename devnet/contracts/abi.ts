import { parseAbi } from "viem";

/**
 * The devnet contracts' ABIs in human-readable form, typed for viem. artifacts.test.ts checks
 * that each one is exactly the ABI solc emits for the source (artifacts.json).
 */

export const storeAbi = parseAbi([
  "constructor(uint256 initialValue)",
  "event BalanceSet(address indexed who, uint256 amount)",
  "event ValueSet(uint256 value)",
  "function balances(address) view returns (uint256)",
  "function setBalance(address who, uint256 amount)",
  "function setValue(uint256 newValue)",
  "function value() view returns (uint256)",
]);

export const reverterAbi = parseAbi([
  "error InsufficientBalance(uint256 available, uint256 required)",
  "function divide(uint256 a, uint256 b) pure returns (uint256)",
  "function failWithCustomError() pure",
  "function failWithReason() pure",
  "function increment(uint256 a) pure returns (uint256)",
]);

export const tokenAbi = parseAbi([
  "constructor(uint256 supply)",
  "event Approval(address indexed owner, address indexed spender, uint256 value)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "function allowance(address, address) view returns (uint256)",
  "function approve(address spender, uint256 value) returns (bool)",
  "function balanceOf(address) view returns (uint256)",
  "function batchTransfer(address[] recipients, uint256 value) returns (bool)",
  "function decimals() view returns (uint8)",
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function totalSupply() view returns (uint256)",
  "function transfer(address to, uint256 value) returns (bool)",
  "function transferFrom(address from, address to, uint256 value) returns (bool)",
]);

/** By contract name, as in artifacts.json. */
export const contractAbis = { Store: storeAbi, Reverter: reverterAbi, Token: tokenAbi } as const;
