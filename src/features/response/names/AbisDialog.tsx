/**
 * The user's ABIs: paste one for an address, see and remove the ones kept, export them as a JSON
 * file and import such a file. Everything stays in this browser; nothing is sent anywhere. A chunk
 * of its own, opened by AbisButton.tsx.
 */
import { type ChangeEvent, type ReactNode, useId, useState } from "react";
import {
  abisFileText,
  MAX_FILE_BYTES,
  parseAbiAddress,
  parseAbisFile,
  parseAbiText,
  type UserAbi,
} from "../../../chain/abi-file.ts";
import { Button, buttonClass } from "../../../components/ui/Button.tsx";
import { Dialog } from "../../../components/ui/Dialog.tsx";
import { downloadText } from "../../../components/ui/download.ts";
import { FormField } from "../../../components/ui/FormField.tsx";
import { TextArea, TextInput } from "../../../components/ui/TextInput.tsx";
import { useAppStore } from "../../../state/AppStoreProvider.tsx";
import { useAbisLoaded } from "./useNames.ts";

type Errors = { address?: string | undefined; abi?: string | undefined };
type Message = { ok: boolean; text: string };

/** The dialog: the ABIs kept, a form to add one, export and import, and what the last action did. */
export function AbisDialog({ address: initial = "", onClose }: { address?: string; onClose(): void }) {
  // The stored ABIs are read after the first paint: the list waits for them (the opener's Suspense).
  useAbisLoaded();
  const abis = useAppStore((s) => s.userAbis);
  const storageFailed = useAppStore((s) => s.abiStorageFailed);
  const [message, setMessage] = useState<Message | null>(null);
  const ids = { message: useId() };
  const list = Object.values(abis);

  return (
    <Dialog
      title="ABIs"
      onClose={onClose}
      width="max-w-[36rem]"
      // With an address given (a log's "ABI for …"), the ABI text is what is left to fill in.
      initialFocus={(content) => content.querySelector<HTMLElement>(initial ? "textarea" : "input")}
    >
      <p className="mb-3 text-fg-muted text-xs">
        Calls, logs and custom errors of an address are named with its ABI first, then with the bundled table.
        ABIs stay in this browser and are never sent anywhere.
      </p>
      <AbiList list={list} />
      <AddAbiForm initial={initial} onMessage={setMessage}>
        <ExportImport list={list} onMessage={setMessage} describedBy={message ? ids.message : undefined} />
      </AddAbiForm>
      {message && (
        <p
          id={ids.message}
          role={message.ok ? "status" : "alert"}
          className={`mt-2 text-sm ${message.ok ? "" : "text-bad"}`}
        >
          {message.text}
        </p>
      )}
      {storageFailed && (
        <p role="alert" className="mt-2 text-sm text-warn">
          The browser did not keep the last change (storage full or blocked): your ABIs live until this page
          closes. Export them to keep them.
        </p>
      )}
    </Dialog>
  );
}

type Kept = readonly UserAbi[];

/** The ABIs kept in this browser, each with its remove button. */
function AbiList({ list }: { list: Kept }) {
  const actions = useAppStore((s) => s.abiActions);
  if (list.length === 0) return null;
  return (
    <ul aria-label="Your ABIs" className="mb-3 divide-y divide-border rounded border border-border">
      {list.map((e) => (
        <li key={e.address} className="flex flex-wrap items-center justify-between gap-2 px-2 py-1 text-sm">
          <span className="min-w-0">
            <span className="break-all font-mono text-xs">{e.address}</span>
            {e.label && <span className="ml-2">{e.label}</span>}
            <span className="ml-2 text-fg-muted text-xs">{e.abi.length} items</span>
          </span>
          <Button variant="link-danger" onClick={() => actions.remove(e.address)}>
            Remove the ABI of {e.address}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Address, name and ABI text, each with its message; `children`: the buttons beside "Add ABI". */
function AddAbiForm({
  initial,
  onMessage,
  children,
}: {
  initial: string;
  onMessage(message: Message): void;
  children: ReactNode;
}) {
  const actions = useAppStore((s) => s.abiActions);
  const [address, setAddress] = useState(initial);
  const [label, setLabel] = useState("");
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const ids = { address: useId(), label: useId(), abi: useId() };

  const add = () => {
    const a = parseAbiAddress(address);
    const abi = parseAbiText(text);
    const next: Errors = {};
    if (!a.ok) next.address = a.error;
    if (!abi.ok) next.abi = abi.error;
    setErrors(next);
    if (!a.ok || !abi.ok) return;
    actions.put({ address: a.address, label: label.trim().slice(0, 100), abi: abi.abi });
    onMessage({ ok: true, text: `Added an ABI for ${a.address}: ${abi.counts}.` });
    setText("");
    setLabel("");
  };

  return (
    <form
      className="grid gap-2"
      aria-label="Add an ABI"
      onSubmit={(e) => {
        e.preventDefault();
        add();
      }}
    >
      <FormField
        label="Contract address"
        htmlFor={ids.address}
        labelSize="xs"
        error={errors.address}
        errorId={`${ids.address}-err`}
      >
        <TextInput
          id={ids.address}
          mono
          value={address}
          placeholder="0x…"
          aria-invalid={errors.address ? true : undefined}
          aria-describedby={errors.address ? `${ids.address}-err` : undefined}
          onChange={(e) => {
            setAddress(e.target.value);
            setErrors((er) => ({ ...er, address: undefined }));
          }}
        />
      </FormField>
      <FormField label="Name (optional)" htmlFor={ids.label} labelSize="xs">
        <TextInput id={ids.label} value={label} maxLength={100} onChange={(e) => setLabel(e.target.value)} />
      </FormField>
      <FormField
        label="ABI (JSON)"
        htmlFor={ids.abi}
        labelSize="xs"
        hint="A JSON ABI array, a compiler artifact with an abi field, or human-readable signatures."
        error={errors.abi}
        errorId={`${ids.abi}-err`}
      >
        <TextArea
          id={ids.abi}
          mono
          rows={6}
          value={text}
          placeholder='[{"type":"event","name":"Transfer", …}]'
          aria-invalid={errors.abi ? true : undefined}
          aria-describedby={errors.abi ? `${ids.abi}-err` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setErrors((er) => ({ ...er, abi: undefined }));
          }}
        />
      </FormField>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="primary" size="sm" submit>
          Add ABI
        </Button>
        {children}
      </div>
    </form>
  );
}

/** Export the ABIs kept as one JSON file, and import such a file (at most 4 MiB, checked). */
function ExportImport({
  list,
  onMessage,
  describedBy,
}: {
  list: Kept;
  onMessage(message: Message): void;
  describedBy: string | undefined;
}) {
  const actions = useAppStore((s) => s.abiActions);
  const onImport = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      onMessage({ ok: false, text: `${file.name} is larger than 4 MiB: not imported.` });
      return;
    }
    let content: string;
    try {
      content = await file.text();
    } catch {
      onMessage({ ok: false, text: `${file.name} could not be read.` });
      return;
    }
    const parsed = parseAbisFile(content);
    if (!parsed.ok) {
      onMessage({ ok: false, text: `${file.name} was not imported: ${parsed.error}` });
      return;
    }
    actions.importAll(parsed.abis);
    const n = parsed.abis.length;
    onMessage({ ok: true, text: `Imported ${n} ABI${n === 1 ? "" : "s"} from ${file.name}.` });
  };
  return (
    <>
      <Button
        disabled={list.length === 0}
        onClick={() => downloadText("rpc-playground-abis.json", abisFileText(list))}
      >
        Export ABIs
      </Button>
      <label
        className={`${buttonClass()} cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus`}
      >
        Import ABIs
        <input
          type="file"
          accept="application/json,.json"
          className="sr-only"
          aria-describedby={describedBy}
          onChange={(e) => void onImport(e)}
        />
      </label>
    </>
  );
}
