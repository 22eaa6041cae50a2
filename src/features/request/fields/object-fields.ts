/**
 * The fields the first screen's method does not need: eth_estimateGas's objects (the call object,
 * its state and block overrides), eth_getProof's storage keys and Starknet's block id. One chunk,
 * loaded when such a form shows (or earlier, in idle time: param-fields.ts).
 */
export { BlockOverrideField } from "./BlockOverrideField.tsx";
export { CallObjectField } from "./CallObjectField.tsx";
export { StarknetBlockIdField } from "./StarknetBlockIdField.tsx";
export { StateOverrideField } from "./StateOverrideField.tsx";
export { StorageKeysField } from "./StorageKeysField.tsx";
