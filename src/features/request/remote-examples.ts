/**
 * What a form needs for examples from a network other than the devnet: that network's well-known
 * contracts (networks/examples/*.json, checked when read), the sample it asks the network for, and
 * the examples made of them. One chunk, loaded when such a network is chosen
 * (useNetworkExamples.ts): the devnet's forms, and the first screen, do without it.
 */
export { withNetworkExamples } from "../../methods/network-examples.ts";
export { deriveSample, sampleValues } from "../../methods/network-sample.ts";
export { knownContracts } from "../../networks/known-contracts.ts";
