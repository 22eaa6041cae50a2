import { addCustomNetwork, expect, openPlayground, test } from "./fixtures.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

/**
 * Two tabs of the playground share one localStorage: a change in one is never lost to an older
 * write of the other (state/cross-tab.ts), and the other follows it at once.
 */
test("a network added in one tab survives a theme change in an older tab, and shows there at once", async ({
  page,
  context,
}) => {
  await openPlayground(page);
  const older = await context.newPage();
  await openPlayground(older);

  await page.bringToFront();
  await addCustomNetwork(page, "Team node", "https://node.team.example", "wss://node.team.example");
  await expect(page.getByRole("combobox", { name: "Network" })).toHaveValue(/.+/);

  // The older tab, opened before the network existed, changes the theme (a write of its whole state).
  await older.bringToFront();
  await older.getByRole("combobox", { name: "Theme" }).selectOption("dark");
  // It follows the other tab's change without a reload.
  await expect(
    older.getByRole("combobox", { name: "Network" }).getByRole("option", { name: "Team node" }),
  ).toHaveCount(1);

  // Both changes are kept: a fresh tab opens with the network and the dark theme (on the network
  // the last tab chose, which has no key yet).
  const fresh = await context.newPage();
  await fresh.goto("/");
  await expect(
    fresh.getByRole("combobox", { name: "Network" }).getByRole("option", { name: "Team node" }),
  ).toHaveCount(1);
  await expect(fresh.getByRole("combobox", { name: "Theme" })).toHaveValue("dark");
  // And the first tab took the theme too.
  await page.bringToFront();
  await expect(page.getByRole("combobox", { name: "Theme" })).toHaveValue("dark");
});

test("remembered keys set in two tabs are both kept", async ({ page, context }) => {
  await openPlayground(page);
  const other = await context.newPage();
  await openPlayground(other);
  const pick = (p: typeof page, label: string) =>
    p.getByRole("combobox", { name: "Network" }).selectOption({ label });

  await page.bringToFront();
  await pick(page, "Ethereum Mainnet");
  await page.getByLabel("Remember on this device").check();
  await page.getByLabel("API key").fill("infura-key-from-tab-one");

  await other.bringToFront();
  // The other tab now remembers keys too, and has the first tab's key.
  await expect(other.getByLabel("Remember on this device")).toBeChecked();
  await pick(other, "Ethereum Mainnet");
  await expect(other.getByLabel("API key")).toHaveValue("infura-key-from-tab-one");
  // It adds a network of its own (its own key group) and remembers a key for it.
  await addCustomNetwork(other, "Team node", "https://node.team.example", "wss://node.team.example");
  await other.getByLabel("API key").fill("team-key-from-tab-two");

  const fresh = await context.newPage();
  await fresh.goto("/");
  await pick(fresh, "Ethereum Mainnet");
  await expect(fresh.getByLabel("API key")).toHaveValue("infura-key-from-tab-one");
  await pick(fresh, "Team node");
  await expect(fresh.getByLabel("API key")).toHaveValue("team-key-from-tab-two");
  // The first tab has both too, without a reload.
  await page.bringToFront();
  await pick(page, "Team node");
  await expect(page.getByLabel("API key")).toHaveValue("team-key-from-tab-two");
});
