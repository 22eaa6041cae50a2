// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Reverter: one function per kind of revert, for eth_estimateGas error code 3.
contract Reverter {
    /// A custom error with arguments (selector = first 4 bytes of its signature's keccak).
    error InsufficientBalance(uint256 available, uint256 required);

    /// Reverts with Error(string).
    function failWithReason() external pure {
        revert("Reverter: always fails");
    }

    /// Reverts with the custom error InsufficientBalance(7, 42).
    function failWithCustomError() external pure {
        revert InsufficientBalance(7, 42);
    }

    /// Panics with code 0x11 (arithmetic overflow) when `a` is type(uint256).max.
    function increment(uint256 a) external pure returns (uint256) {
        return a + 1;
    }

    /// Panics with code 0x12 (division by zero) when `b` is 0.
    function divide(uint256 a, uint256 b) external pure returns (uint256) {
        return a / b;
    }
}
