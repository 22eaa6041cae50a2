/**
 * Values of the local devnet's deterministic seed (devnet/seed-manifest.json) that the method
 * examples use, so every method answers there out of the box. A unit test checks them against the
 * manifest, so a change of seed cannot leave an example pointing at nothing.
 */
export const DEVNET = {
  deployer: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  alice: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  store: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  reverter: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
  token: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
  /** keccak(pad32(deployer) . pad32(1)): the deployer's entry of Store's mapping at slot 1. */
  mappingPositionDeployer: "0xa3c1274aadd82e4d12c8004c33fb244ca686dad4fcc8957fc5668588c11d9502",
  /** Block 6: one EIP-1559 transfer of 1.5 ETH to alice. */
  block6Hash: "0x9c45ae30ff9a498f6533969556d81bfcc32ac664a366031a41576bd3ea6846ed",
  /** Block 4: the legacy (type 0) Store.setValue transaction. */
  block4Hash: "0x163ac431d71f7e7cdc1f6328d17bef7089453741124098143e18a07fb9dfa0a9",
  /** Block 8: a token transferFrom and a failed transaction. */
  block8: "0x8",
  /** Block 9: 1,100 transactions, 5,500 logs. */
  heavyBlock: "0x9",
  /** Reverter.failWithReason(): reverts with "Reverter: always fails". */
  revertData: "0xe7cb5232",
} as const;
