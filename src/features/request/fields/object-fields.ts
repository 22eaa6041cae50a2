/**
 * The fields of the object params only eth_estimateGas has (the call object, its state and block
 * overrides): one chunk, loaded when that form shows (or earlier, in idle time: param-fields.ts).
 */
export { BlockOverrideField } from "./BlockOverrideField.tsx";
export { CallObjectField } from "./CallObjectField.tsx";
export { StateOverrideField } from "./StateOverrideField.tsx";
