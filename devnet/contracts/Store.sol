// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Store: storage the playground reads with eth_getStorageAt and eth_getProof.
/// @notice Slot 0 holds `value`; slot 1 is the root of `balances` (a mapping), so the word of
/// `balances[key]` lives at keccak256(abi.encode(key, uint256(1))).
contract Store {
    /// Slot 0.
    uint256 public value;
    /// Slot 1 (mapping root; entries at keccak256(pad32(key) . pad32(1))).
    mapping(address => uint256) public balances;

    event ValueSet(uint256 value);
    event BalanceSet(address indexed who, uint256 amount);

    constructor(uint256 initialValue) {
        value = initialValue;
        emit ValueSet(initialValue);
    }

    function setValue(uint256 newValue) external {
        value = newValue;
        emit ValueSet(newValue);
    }

    function setBalance(address who, uint256 amount) external {
        balances[who] = amount;
        emit BalanceSet(who, amount);
    }
}
