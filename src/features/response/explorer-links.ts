import { createContext } from "react";

/**
 * Whether views show links to the network's block explorer: on in the playground, off in an
 * embed unless its host asks (`explorer=1`): they lead readers away from the docs page.
 */
export const ExplorerLinksContext = createContext(true);
